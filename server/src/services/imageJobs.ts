/**
 * What the site's process and the image worker hand each other: the formats accepted, the sizes
 * derived, and a job with its answer. Both sides import these; neither imports the other.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/**
 * WebP renditions for srcset: a table thumbnail, the round home banner (square, cropped
 * around the most interesting part), a medium view (what a phone's screen needs, without
 * downloading the large one) and a large view.
 */
export const RENDITIONS = {
  thumb: { width: 160, height: 160, fit: 'inside' },
  banner: { width: 480, height: 480, fit: 'cover' },
  medium: { width: 800, height: 800, fit: 'inside' },
  large: { width: 1600, height: 1600, fit: 'inside' },
} as const;
export type RenditionName = keyof typeof RENDITIONS;

export interface ProcessedImage {
  format: ImageFormat;
  contentType: string;
  extension: string;
  /** Upright size of the original. */
  width: number;
  height: number;
  /** The original re-encoded upright in its own format, without any metadata. */
  original: Buffer;
  renditions: Record<RenditionName, Buffer>;
}

export type EncodedImage = Pick<ProcessedImage, 'width' | 'height' | 'original' | 'renditions'>;

export interface EncodeJob {
  data: Uint8Array;
  format: ImageFormat;
  animated: boolean;
}

export type EncodeAnswer = { ok: true; image: EncodedImage } | { ok: false; pixelLimit: boolean };
