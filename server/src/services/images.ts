import sharp from 'sharp';

/** Largest upload accepted, in bytes (answered with 413 above it). */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** Largest picture accepted, in pixels: decoding costs memory in proportion. */
export const IMAGE_MAX_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  invalid:
    'Upload a valid image (JPEG, PNG, WebP, AVIF or GIF). The file you uploaded was either not an image or a corrupted image.',
  svg: 'SVG images are not accepted. Upload a JPEG, PNG, WebP, AVIF or GIF image.',
  tooManyPixels: (width: number, height: number) =>
    `The image is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted, this one is ${width} × ${height} pixels.`,
} as const;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export const IMAGE_FORMATS: Record<ImageFormat, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  avif: { contentType: 'image/avif', extension: 'avif' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

/**
 * WebP renditions for srcset: a table thumbnail, the round home banner (square, cropped
 * around the most interesting part) and a large view.
 */
export const RENDITIONS = {
  thumb: { width: 160, height: 160, fit: 'inside' },
  banner: { width: 480, height: 480, fit: 'cover' },
  large: { width: 1600, height: 1600, fit: 'inside' },
} as const;
export type RenditionName = keyof typeof RENDITIONS;

/** Why an upload was refused; `status` 413 when it is too big to look at. */
export class ImageRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

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
  const head = data.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<') && head.includes('<svg')) return 'svg';
  return undefined;
}

/** At most this many pictures are decoded at once, so a burst of uploads cannot exhaust memory. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Checks an upload by content and prepares what is stored: the metadata-free upright original
 * and the WebP renditions. sharp decodes on its own threads; nothing here blocks the event loop.
 */
export async function processImage(data: Buffer): Promise<ProcessedImage> {
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
  if (metadata.width * frameHeight > IMAGE_MAX_PIXELS) {
    throw new ImageRejected(IMAGE_MESSAGES.tooManyPixels(metadata.width, frameHeight));
  }
  const animated = (metadata.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');

  return withSlot(async () => {
    try {
      const [original, renditions] = await Promise.all([encodeOriginal(data, format, animated), encodeRenditions(data)]);
      return { format, ...IMAGE_FORMATS[format], ...original, renditions };
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new ImageRejected(IMAGE_MESSAGES.tooManyPixels(metadata.width, frameHeight));
      }
      throw new ImageRejected(IMAGE_MESSAGES.invalid);
    }
  });
}

function decoder(data: Buffer, animated = false) {
  // 'truncated' refuses cut-off files yet tolerates the harmless warnings many cameras trigger.
  return sharp(data, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS, animated });
}

/** sharp writes no metadata unless asked to: EXIF (GPS included), XMP, IPTC and ICC are all dropped. */
async function encodeOriginal(data: Buffer, format: ImageFormat, animated: boolean) {
  let pipeline = decoder(data, animated).autoOrient();
  switch (format) {
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality: 90 });
      break;
    case 'png':
      pipeline = pipeline.png();
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality: 90 });
      break;
    case 'avif':
      pipeline = pipeline.avif({ quality: 70 });
      break;
    case 'gif':
      pipeline = pipeline.gif();
      break;
  }
  const { data: original, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { original, width: info.width, height: info.pageHeight ?? info.height };
}

/** Decodes once at the largest rendition's size, then derives every rendition from those pixels. */
async function encodeRenditions(data: Buffer): Promise<Record<RenditionName, Buffer>> {
  const largest = RENDITIONS.large;
  const { data: pixels, info } = await decoder(data)
    .autoOrient()
    .resize(largest.width, largest.height, { fit: 'inside', withoutEnlargement: true })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encode = (name: RenditionName) => {
    const spec = RENDITIONS[name];
    return sharp(pixels, raw)
      .resize(spec.width, spec.height, {
        fit: spec.fit,
        position: spec.fit === 'cover' ? sharp.strategy.attention : undefined,
        withoutEnlargement: spec.fit === 'inside',
      })
      .webp({ quality: 80 })
      .toBuffer();
  };
  const [thumb, banner, large] = await Promise.all([encode('thumb'), encode('banner'), encode('large')]);
  return { thumb, banner, large };
}
