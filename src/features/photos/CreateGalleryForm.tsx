import { failureMessage } from '@/lib/api/errors';
import { useCreateGalleryMutation } from '@/lib/api/imagesApi';
import { BANNER_GALLERY_SLUG } from '@/lib/paths';
import { CreateNamedForm } from '@/ui';

/** Creates a gallery (name required, description optional). */
export function CreateGalleryForm() {
  const [createGallery] = useCreateGalleryMutation();
  return (
    <CreateNamedForm
      title="Create Gallery"
      nameLabel="Gallery name"
      nameHint={`Creating or using a gallery called ${BANNER_GALLERY_SLUG} puts its pictures in the banner on the front page.`}
      emptyNameMessage="Gallery name cannot be empty."
      successMessage="Gallery created successfully!"
      create={(values) => createGallery(values).unwrap()}
      describeFailure={(error) => failureMessage('Failed to create gallery.', error, ['name', 'detail'])}
    />
  );
}
