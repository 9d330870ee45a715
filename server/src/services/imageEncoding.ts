import sharp from 'sharp';

import { type EncodedImage, type ImageFormat, type RenditionName, RENDITIONS } from './imageJobs';
import { IMAGE_MAX_PIXELS } from './images';

function decoder(data: Buffer, animated = false) {
  // 'truncated' refuses cut-off files yet tolerates the harmless warnings many cameras trigger.
  return sharp(data, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS, animated });
}

/** The quality each format's original is written again at (PNG and GIF are lossless). */
const ORIGINAL_OPTIONS: Record<ImageFormat, { quality?: number }> = {
  jpeg: { quality: 90 },
  png: {},
  webp: { quality: 90 },
  avif: { quality: 70 },
  gif: {},
};

/** sharp writes no metadata unless asked to: EXIF (GPS included), XMP, IPTC and ICC are all dropped. */
async function encodeOriginal(data: Buffer, format: ImageFormat, animated: boolean) {
  const pipeline = decoder(data, animated).autoOrient().toFormat(format, ORIGINAL_OPTIONS[format]);
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
  const names = Object.keys(RENDITIONS) as RenditionName[];
  const encoded = await Promise.all(names.map(encode));
  return Object.fromEntries(names.map((name, index) => [name, encoded[index]])) as Record<RenditionName, Buffer>;
}

/** The metadata-free original, then the renditions: one after the other, so one decode is in memory at a time. */
export async function encodeImage(data: Buffer, format: ImageFormat, animated: boolean): Promise<EncodedImage> {
  const original = await encodeOriginal(data, format, animated);
  const renditions = await encodeRenditions(data);
  return { ...original, renditions };
}
