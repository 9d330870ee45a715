import sharp from 'sharp';

import type { ImageFormat, ProcessedImage } from './imageJobs';
import type { ImagePool } from './imagePool';

/** Largest upload accepted, in bytes (answered with 413 above it). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Largest picture accepted, in pixels: decoding costs memory in proportion. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * GIFs are re-encoded with a computed palette, which costs several times the memory of other formats
 * per pixel (a 40-megapixel GIF took 650 MB), so they get a smaller limit.
 */
export const GIF_MAX_PIXELS = 16_000_000;
/** Longest side accepted, in pixels, and how many times longer than the shorter side it may be. */
export const IMAGE_MAX_SIDE = 12_000;
export const IMAGE_MAX_ASPECT = 20;

export const IMAGE_MESSAGES = {
  invalid: 'Upload a valid image (JPEG, PNG, WebP, AVIF or GIF). The file you uploaded was either not an image or a corrupted image.',
  svg: 'SVG images are not accepted. Upload a JPEG, PNG, WebP, AVIF or GIF image.',
  tooManyPixels: (width: number, height: number, limit = IMAGE_MAX_PIXELS) =>
    `The image is too large: at most ${limit / 1_000_000} megapixels are accepted${limit === GIF_MAX_PIXELS ? ' for a GIF' : ''}, this one is ${width} × ${height} pixels.`,
  tooManyFrames: (frames: number, width: number, height: number) =>
    `The animation is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels in all its frames together are accepted, this one has ${frames} frames of ${width} × ${height} pixels.`,
  tooLong: (width: number, height: number) =>
    `The image is too large: at most ${IMAGE_MAX_SIDE} pixels on a side are accepted, this one is ${width} × ${height} pixels.`,
  tooNarrow: (width: number, height: number) =>
    `The image is too narrow: one side may be at most ${IMAGE_MAX_ASPECT} times the other, this one is ${width} × ${height} pixels.`,
} as const;

export const IMAGE_FORMATS: Record<ImageFormat, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  avif: { contentType: 'image/avif', extension: 'avif' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

/** Why an upload was refused; `status` 413 when it is too big to look at. */
export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** What the first bytes say the file is; SVG is recognised only to be refused with its own message. */
export function sniffImage(data: Buffer): ImageFormat | 'svg' | undefined {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 4, 8) === 'ftyp') {
    const boxSize = Math.min(data.readUInt32BE(0), data.length);
    const brands = [ascii(data, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(data, offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    return undefined;
  }
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<') && head.includes('<svg')) return 'svg';
  return undefined;
}

/**
 * Checks an upload by content and prepares what is stored: the metadata-free upright original
 * and the WebP renditions. Decoding and encoding happen in the image worker process, so that
 * neither its threads nor its memory are taken from sign-ins and downloads.
 */
export async function processImage(pool: ImagePool, data: Buffer): Promise<ProcessedImage> {
  if (data.length > IMAGE_MAX_BYTES) {
    throw new ImageRejected(`The file is too large. The limit is ${IMAGE_MAX_BYTES / (1024 * 1024)} MB.`, 413);
  }
  const sniffed = sniffImage(data);
  if (sniffed === 'svg') throw new ImageRejected(IMAGE_MESSAGES.svg);
  if (!sniffed) throw new ImageRejected(IMAGE_MESSAGES.invalid);
  const format = sniffed;

  // The header alone tells the size, before any pixel is decoded.
  const metadata = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  const decodedFormat = format === 'avif' ? 'heif' : format;
  if (!metadata || metadata.format !== decodedFormat || !metadata.width || !metadata.height) {
    throw new ImageRejected(IMAGE_MESSAGES.invalid);
  }
  if (format === 'avif' && metadata.compression !== 'av1') throw new ImageRejected(IMAGE_MESSAGES.invalid);
  const frameHeight = metadata.pageHeight ?? metadata.height;
  const { width } = metadata;
  const pixelLimit = format === 'gif' ? GIF_MAX_PIXELS : IMAGE_MAX_PIXELS;
  if (width * frameHeight > pixelLimit) throw new ImageRejected(IMAGE_MESSAGES.tooManyPixels(width, frameHeight, pixelLimit));
  // Refused on the header alone: a long thin strip passes the pixel count yet costs a decoder dearly.
  if (Math.max(width, frameHeight) > IMAGE_MAX_SIDE) throw new ImageRejected(IMAGE_MESSAGES.tooLong(width, frameHeight));
  if (Math.max(width, frameHeight) > IMAGE_MAX_ASPECT * Math.min(width, frameHeight)) {
    throw new ImageRejected(IMAGE_MESSAGES.tooNarrow(width, frameHeight));
  }
  const animated = (metadata.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');
  // Every frame of an animation is decoded and re-encoded.
  if (animated && width * frameHeight * (metadata.pages ?? 1) > IMAGE_MAX_PIXELS) {
    throw new ImageRejected(IMAGE_MESSAGES.tooManyFrames(metadata.pages ?? 1, width, frameHeight));
  }

  const encoded = await pool.encode({ data, format, animated });
  if (!encoded.ok) {
    throw new ImageRejected(encoded.pixelLimit ? IMAGE_MESSAGES.tooManyPixels(width, frameHeight) : IMAGE_MESSAGES.invalid);
  }
  return { format, ...IMAGE_FORMATS[format], ...encoded.image };
}
