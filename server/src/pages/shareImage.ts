import sharp, { type OverlayOptions } from 'sharp';

import { escapeHtml } from '../lib/html';
import { SHARE_IMAGE_SIZE } from './head';

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE;
const PHOTO = 380;

/**
 * The picture link previews show (1200×630): the owner's name and role on the site's paper
 * colour with its accent, and the first banner picture in a circle when there is one.
 */
export async function shareImage(owner: { name: string; role: string; address: string }, photo?: Buffer): Promise<Buffer> {
  const textWidth = photo ? WIDTH - PHOTO - 200 : WIDTH - 160;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#faf8f4"/>
    <rect x="0" y="0" width="24" height="${HEIGHT}" fill="#1f5f74"/>
    <text x="90" y="270" font-family="DejaVu Serif, Liberation Serif, serif" font-size="68" font-weight="bold" fill="#1d2327" textLength="${Math.min(textWidth, owner.name.length * 40)}" lengthAdjust="spacingAndGlyphs">${escapeHtml(owner.name)}</text>
    <text x="90" y="345" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="36" fill="#1f5f74">${escapeHtml(owner.role)}</text>
    <text x="90" y="540" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#505b63">${escapeHtml(owner.address)}</text>
  </svg>`;
  const layers: OverlayOptions[] = [];
  if (photo) {
    const mask = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO}" height="${PHOTO}"><circle cx="${PHOTO / 2}" cy="${PHOTO / 2}" r="${PHOTO / 2}"/></svg>`,
    );
    const round = await sharp(photo)
      .resize(PHOTO, PHOTO, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push({ input: round, left: WIDTH - PHOTO - 110, top: Math.round((HEIGHT - PHOTO) / 2) });
  }
  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}
