import type { SelectHTMLAttributes } from 'react';

import type { Gallery } from '@/contract';
import { SelectField } from '@/ui';

/** Picks an image's gallery, or none. */
export function GallerySelect({ galleries, ...select }: { galleries: Gallery[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <SelectField label="Gallery" options={galleries.map((gallery) => [gallery.id, gallery.name])} {...select}>
      <option value="">No Gallery</option>
    </SelectField>
  );
}
