import sharp, { type OverlayOptions } from 'sharp';

import { escapeHtml } from '../lib/html';
import { SHARE_IMAGE_SIZE } from './head';

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE;
const PHOTO = 380;
const SERIF = 'DejaVu Serif, Liberation Serif, serif';
const SANS = 'DejaVu Sans, Liberation Sans, sans-serif';

/**
 * The picture link previews show (1200×630): the owner's name and role on the site's paper
 * colour with its accent, and the first banner picture in a circle when there is one.
 */
export async function shareImage(owner: { name: string; role: string; address: string }, photo?: Buffer): Promise<Buffer> {
  const textWidth = photo ? WIDTH - PHOTO - 200 : WIDTH - 160;
  return compose(
    `<text x="90" y="270" font-family="${SERIF}" font-size="68" font-weight="bold" fill="#1d2327" textLength="${Math.min(textWidth, owner.name.length * 40)}" lengthAdjust="spacingAndGlyphs">${escapeHtml(owner.name)}</text>
    <text x="90" y="345" font-family="${SANS}" font-size="36" fill="#1f5f74">${escapeHtml(owner.role)}</text>
    <text x="90" y="540" font-family="${SANS}" font-size="26" fill="#505b63">${escapeHtml(owner.address)}</text>`,
    photo,
  );
}

/** The title in lines of at most `perLine` characters, at most `lines` of them, the last cut with an ellipsis. */
function wrap(title: string, perLine: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next.length > perLine ? `${next.slice(0, perLine - 1)}…` : next;
    else {
      out.push(line);
      line = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1].slice(0, perLine - 1)}…`;
  return kept;
}

/**
 * The link-preview picture of a note or a paper: its title, a byline (the owner, or the paper's
 * authors) and the site, and its cover picture when it has one.
 */
export async function articleShareImage(article: { title: string; byline: string; address: string }, cover?: Buffer): Promise<Buffer> {
  const lines = wrap(article.title, cover ? 20 : 30, 3);
  const top = 300 - (lines.length - 1) * 36;
  const title = lines
    .map(
      (line, index) =>
        `<text x="90" y="${top + index * 72}" font-family="${SERIF}" font-size="60" font-weight="bold" fill="#1d2327">${escapeHtml(line)}</text>`,
    )
    .join('');
  const [byline] = wrap(article.byline, cover ? 34 : 52, 1);
  return compose(
    `${title}
    <text x="90" y="${top + lines.length * 72 + 20}" font-family="${SANS}" font-size="34" fill="#1f5f74">${escapeHtml(byline ?? '')}</text>
    <text x="90" y="560" font-family="${SANS}" font-size="26" fill="#505b63">${escapeHtml(article.address)}</text>`,
    cover,
  );
}

/** The site's paper colour with its accent bar, the text given, and the picture in a circle on the right. */
async function compose(text: string, photo?: Buffer): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <rect width="100%" height="100%" fill="#faf8f4"/>
    <rect x="0" y="0" width="24" height="${HEIGHT}" fill="#1f5f74"/>
    ${text}
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
