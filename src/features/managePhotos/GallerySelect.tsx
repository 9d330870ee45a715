import type { SelectHTMLAttributes } from 'react';

import type { Gallery } from '@/contract';
import { SelectField } from '@/ui';

/** Picks an image's gallery, or none. */
export function GallerySelect({ galleries, ...select }: { galleries: Gallery[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <SelectField label="Gallery" {...select}>
      <option value="">No Gallery</option>
      {galleries.map((gallery) => (
        <option key={gallery.id} value={String(gallery.id)}>
          {gallery.name}
        </option>
      ))}
    </SelectField>
  );
}
