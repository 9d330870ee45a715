import type { Image } from '../../contract';
import type { Config } from '../config';

/**
 * How answers name the site's own files (pictures, downloads). Relative for the site's own pages;
 * absolute, from PUBLIC_URL, when front ends at other addresses call the API (CORS_ORIGINS): for them
 * a relative address would name a file on their own origin.
 */
export function siteAddress(config: Pick<Config, 'corsOrigins' | 'publicUrl'>): (path: string) => string {
  if (config.corsOrigins.length === 0) return (path) => path;
  return (path) => (path.startsWith('/') ? `${config.publicUrl}${path}` : path);
}

/** An image as the API answers it, its files named by `address`. */
export function imageAt(image: Image, address: (path: string) => string): Image {
  return {
    ...image,
    image_url: address(image.image_url),
    image: address(image.image),
    sizes: { thumb: address(image.sizes.thumb), banner: address(image.sizes.banner), large: address(image.sizes.large) },
  };
}
