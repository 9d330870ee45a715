/**
 * Notes made from Jupyter notebooks. The worker reads, checks and converts the file (services never
 * parse it on the event loop); a save stores the outputs' pictures in the photo library, the file
 * itself for readers to download, and saves the note's body as any note's, with its revision.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

import { DESCRIPTION_MAX, IMAGE_TITLE_MAX } from '../../contract/media';
import type { FigureAlt, NotebookPreview } from '../../contract/notebooks';
import { NOTEBOOK_LIMITS, NOTEBOOK_MESSAGES } from '../../contract/notebooks';
import { RESERVED_SLUGS } from '../../contract/noteRules';
import { type NoteInput, slugFromTitle, type StaffNote } from '../../contract/notes';
import type { NoteRow } from '../db/schema';
import type { FieldErrors } from '../errors';
import type { NotebookPicture } from '../notebooks/convert';
import { markdownAlt, withPictures } from '../notebooks/convert';
import type { NotebookOutcome } from '../notebooks/task';
import type { AuditActor } from '../repositories/audit';
import { findNote, slugTaken, splitTags } from '../repositories/notes';
import { forgetPendingUploads } from '../repositories/storedFiles';
import { randomName, storageKey } from '../storage';
import { addImage, removeImage } from './imageUploads';
import { saveNote } from './notes';
import type { Refused } from './staffEdits';
import { abandonUpload, removeFiles, storeUpload } from './uploadedFiles';

type Site = Pick<FastifyInstance, 'db' | 'work' | 'storage' | 'changes' | 'log' | 'imagePool'>;
type FileRefused = { problems: string[] };

export interface NotebookUpload {
  filename: string;
  data: Buffer;
  hideCode: boolean;
  /** Alt text the staff gave figures, by cell and output or attachment (a save's; a preview takes none). */
  alts?: FigureAlt[];
}

/** Rasterised SVG is drawn at this density: crisp at the note's width. */
const SVG_DENSITY = 144;

async function convert(site: Pick<Site, 'work'>, upload: NotebookUpload, preview = false): Promise<NotebookOutcome> {
  return site.work.attempt('notebook', { data: upload.data, hideCode: upload.hideCode, preview }, (message) => ({ problems: [message] }));
}

/** What the note would be, rendered as visitors would see it (pictures as boxes), with what a save would refuse. */
export async function previewNotebook(site: Pick<Site, 'work'>, upload: NotebookUpload): Promise<NotebookPreview | FileRefused> {
  const outcome = await convert(site, upload, true);
  if (!('converted' in outcome)) return outcome;
  const { converted } = outcome;
  return {
    title: converted.title,
    html: outcome.html,
    problems: outcome.problems,
    reading_minutes: outcome.readingMinutes,
    kernel: converted.kernel,
    last_run: converted.lastRun,
    figures: converted.pictures.map((picture, index) => ({
      number: index + 1,
      cell: picture.cell,
      output: picture.output,
      attachment: picture.attachment,
      type: picture.type,
      alt: picture.alt,
    })),
  };
}

const placeOf = (figure: { cell: number; output?: number | null; attachment?: string | null }) =>
  figure.output ? `${figure.cell} output ${figure.output}` : `${figure.cell} attachment ${figure.attachment ?? ''}`;

/**
 * Each picture's alt text: the one the staff gave, or else the notebook's. A figure left without
 * any, or with one past the limit, is a problem named by the figure (`alt.N`, N its number).
 */
function altTexts(pictures: NotebookPicture[], given: FigureAlt[]): string[] | FieldErrors {
  const problems: FieldErrors = {};
  const byPlace = new Map(pictures.map((picture) => [placeOf(picture), picture]));
  const staffAlt = new Map<string, string>();
  for (const figure of given) {
    if (byPlace.has(placeOf(figure))) staffAlt.set(placeOf(figure), figure.alt);
    else (problems.alt ??= []).push(NOTEBOOK_MESSAGES.noSuchFigure(figure.cell, figure.output ? `output ${figure.output}` : `attachment:${figure.attachment}`));
  }
  const alts = pictures.map((picture, index) => {
    const alt = (staffAlt.get(placeOf(picture))?.trim() || picture.alt || '').replace(/\s+/g, ' ');
    if (!alt) problems[`alt.${index + 1}`] = [NOTEBOOK_MESSAGES.altMissing(index + 1, picture.cell)];
    else if ([...alt].length > NOTEBOOK_LIMITS.altChars) problems[`alt.${index + 1}`] = [NOTEBOOK_MESSAGES.altTooLong(index + 1, picture.cell)];
    return alt;
  });
  return Object.keys(problems).length ? problems : alts;
}

/** The first free address the title suggests: `title`, `title-2`, `title-3`… */
async function freeSlug(site: Pick<Site, 'db'>, title: string): Promise<string> {
  const base = slugFromTitle(title).slice(0, 90).replace(/-+$/, '') || 'notebook';
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(RESERVED_SLUGS as readonly string[]).includes(slug) && !(await slugTaken(site.db, slug))) return slug;
  }
}

/** Each picture in the photo library (SVG drawn to PNG first), described by its alt text, or the problems of those it refused; all or none are kept. */
async function storePictures(site: Site, actor: AuditActor, title: string, pictures: NotebookPicture[], alts: string[]): Promise<number[] | FileRefused> {
  const ids: number[] = [];
  const problems: string[] = [];
  for (const [index, picture] of pictures.entries()) {
    let data: Buffer;
    try {
      data = picture.type === 'image/svg+xml' ? await sharp(Buffer.from(picture.data), { density: SVG_DENSITY }).png().toBuffer() : Buffer.from(picture.data);
    } catch {
      problems.push(NOTEBOOK_MESSAGES.picturesRefused(picture.cell, 'it does not draw.'));
      continue;
    }
    const text = { title: `${title}: figure ${index + 1}`.slice(0, IMAGE_TITLE_MAX), description: alts[index].slice(0, DESCRIPTION_MAX), gallery_id: null };
    const outcome = await addImage(site, actor, text, data);
    if ('image' in outcome) ids.push(outcome.image.id);
    else problems.push(NOTEBOOK_MESSAGES.picturesRefused(picture.cell, 'rejected' in outcome ? outcome.rejected.message : 'it was refused.'));
  }
  if (!problems.length) return ids;
  for (const id of ids) await removeImage(site, actor, id);
  return { problems };
}

const publishOf = (row: NoteRow): NoteInput['publish'] => (row.status === 'published' ? 'now' : row.status === 'scheduled' ? 'schedule' : 'draft');

/**
 * A note from a notebook: a new draft (its title given, or the notebook's), or, with `id`, the body
 * of an existing note replaced, keeping its address, tags, status and revisions. Undefined: no such note.
 */
export async function saveNotebookNote(
  site: Site,
  actor: AuditActor,
  upload: NotebookUpload,
  target: { id: number; revision?: number } | { title?: string },
): Promise<StaffNote | Refused | { stale: true } | undefined> {
  const existing = 'id' in target ? await findNote(site.db, target.id) : undefined;
  if ('id' in target && !existing) return undefined;
  const outcome = await convert(site, upload);
  if (!('converted' in outcome)) return { problems: { file: outcome.problems } };
  const { converted } = outcome;
  const alts = altTexts(converted.pictures, upload.alts ?? []);
  if (outcome.problems.length || !Array.isArray(alts))
    return { problems: { ...(outcome.problems.length ? { file: outcome.problems } : {}), ...(Array.isArray(alts) ? {} : alts) } };
  const title = existing?.title ?? (('title' in target && target.title) || converted.title || upload.filename.replace(/\.ipynb$/i, ''));
  const stored = await storePictures(site, actor, title, converted.pictures, alts);
  if (!Array.isArray(stored)) return { problems: { file: stored.problems } };
  const body = withPictures(converted.body, converted.pictures, (_picture, index) => `![${markdownAlt(alts[index])}](photo:${stored[index]})`);
  const key = storageKey('notebooks', randomName(), 'ipynb');
  await storeUpload(site, [{ key, data: upload.data }]);

  const input: NoteInput = existing
    ? {
        title: existing.title,
        slug: existing.slug,
        summary: existing.summary,
        tags: splitTags(existing.tags),
        cover_image: existing.cover_image_id,
        body,
        publish: publishOf(existing),
        publish_at: existing.publish_at,
        revision: 'revision' in target ? target.revision : undefined,
      }
    : { title, slug: await freeSlug(site, title), summary: '', tags: [], cover_image: null, body, publish: 'draft', publish_at: null };
  const saved = await saveNote(site, actor, existing?.id, input);
  if (!saved || 'problems' in saved || 'stale' in saved) {
    await abandonUpload(site, [key]);
    for (const id of stored) await removeImage(site, actor, id);
    return saved;
  }
  await site.db
    .updateTable('notes')
    .set({ notebook_key: key, notebook_name: upload.filename, notebook_kernel: converted.kernel, notebook_run_at: converted.lastRun })
    .where('id', '=', saved.id)
    .execute();
  await forgetPendingUploads(site.db, [key]);
  if (existing?.notebook_key) await removeFiles(site, [existing.notebook_key], 'a replaced notebook');
  site.changes.publish('Note');
  return saved;
}
