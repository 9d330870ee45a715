import { useGetImagesQuery } from '@/lib/api/imagesApi';
import { useGetGalleriesQuery } from '@/lib/api/imagesManageApi';
import { Alert, Columns, LoadingText, Muted, Page, Stack } from '@/ui';

import { CreateGalleryForm } from './CreateGalleryForm';
import { GalleryList } from './GalleryList';
import { ImageTable } from './ImageTable';
import { UploadImagesForm } from './UploadImagesForm';

/** Staff screen for pictures and galleries. */
export function PhotosPage() {
  const images = useGetImagesQuery();
  const galleries = useGetGalleriesQuery();

  const galleryList = galleries.data ?? [];
  return (
    <Page>
      <Stack>
        <div>
          <h1>Manage Photos</h1>
          <Muted>Upload pictures, sort them into galleries and keep their titles tidy.</Muted>
        </div>
        {(images.isError || galleries.isError) && <Alert tone="error">Failed to load images or galleries. Access denied or server error.</Alert>}
        <Columns $min="340px">
          <UploadImagesForm galleries={galleryList} />
          <Stack>
            <CreateGalleryForm />
            {galleries.isLoading ? <LoadingText>Loading galleries...</LoadingText> : <GalleryList galleries={galleryList} />}
          </Stack>
        </Columns>
        {images.isLoading ? <LoadingText>Loading images...</LoadingText> : <ImageTable images={images.data ?? []} galleries={galleryList} />}
      </Stack>
    </Page>
  );
}
