import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { BANNER_GALLERY_SLUG } from '@/contract/paths';
import { useCreateGalleryMutation } from '@/lib/api/imagesManageApi';
import { CreateNamedForm } from '@/ui';

/** Creates a gallery (name required, description optional). */
export function CreateGalleryForm() {
  const [createGallery] = useCreateGalleryMutation();
  return (
    <CreateNamedForm
      noun="Gallery"
      nameMaxLength={FIELD_LIMITS.galleryName}
      nameHint={`Creating or using a gallery called ${BANNER_GALLERY_SLUG} puts its pictures in the banner on the front page.`}
      create={(values) => createGallery(values).unwrap()}
    />
  );
}
