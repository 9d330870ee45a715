/**
 * Markdown bodies (notes, talk abstracts, course descriptions, news) rendered for the site: the pictures
 * they name are looked up in the photo library here, and the rendering itself runs in the worker pool.
 */
import type { FastifyInstance } from 'fastify';

import type { DataTag } from '../../contract/changes';
import type { Db } from '../db';
import type { NotePhoto } from '../markdown/photos';
import { photoIdsIn } from '../markdown/photos';
import type { BodyPlace, RenderedNote } from '../markdown/render';
import { RENDERER_VERSION } from '../markdown/version';
import { imagesByIds } from '../repositories/notes';
import {
  bodiesMentioningPhotos,
  bodiesRenderedBefore,
  type BodyTable,
  markBodiesStale,
  STORED_BODIES,
  storeRenderedBody,
} from '../repositories/renderedBodies';
import { RENDITIONS } from './imageJobs';

const mediaUrl = (key: string) => `/media/${key}`;

/** The width a rendition fitted inside its box has, for srcset's `w` descriptors. */
function fittedWidth(width: number, height: number, box: { width: number; height: number }): number {
  return Math.round(width * Math.min(1, box.width / width, box.height / height));
}

/**
 * Library pictures by id, in the sizes a note shows, each at its fitted width: the thumbnail, the
 * medium rendition when the image has one (an image from before it has none until the background
 * derives it) narrower than the large one (for a smaller picture both are the same size), and the
 * large one.
 */
export async function photosById(db: Db, ids: number[]): Promise<Map<number, NotePhoto & { alt: string }>> {
  const rows = ids.length ? await imagesByIds(db, ids) : [];
  return new Map(
    rows.map((row) => {
      const large = fittedWidth(row.width, row.height, RENDITIONS.large);
      const medium = fittedWidth(row.width, row.height, RENDITIONS.medium);
      const thumb = fittedWidth(row.width, row.height, RENDITIONS.thumb);
      const sizes = [
        `${mediaUrl(row.thumb_key)} ${thumb}w`,
        ...(row.medium_key && medium < large ? [`${mediaUrl(row.medium_key)} ${medium}w`] : []),
        `${mediaUrl(row.large_key)} ${large}w`,
      ];
      return [
        row.id,
        {
          alt: row.description || row.title,
          src: mediaUrl(row.large_key),
          srcset: sizes.join(', '),
          width: large,
          height: Math.round((row.height * large) / row.width),
        },
      ];
    }),
  );
}

/**
 * Renders a body against the photo library; a talk's abstract starts its headings lower, and a news
 * item's text is inline (see renderMarkdown). A body the pool cannot render within its limits comes back as one problem that
 * says why, like any other problem of the body, so that the editor keeps the text and shows it.
 */
export async function renderBody(site: Pick<FastifyInstance, 'db' | 'work'>, body: string, topHeading?: BodyPlace): Promise<RenderedNote> {
  const photos = topHeading === 'inline' ? new Map() : await photosById(site.db, photoIdsIn(body));
  return site.work.attempt('markdown', { body, photos, topHeading }, (message) => ({ html: '', problems: [{ line: 0, message }], readingMinutes: 1 }));
}

/** The data kind each table's pages show, announced when its bodies are rendered again. */
const SHOWN_AS = { notes: 'Note', talks: 'Talk', teaching_courses: 'Teaching', news_items: 'News' } as const satisfies Record<BodyTable, DataTag>;
/** Where each kind's headings start, as its service renders it: a note's under its title, the others' under their item's heading; news is inline. */
const TOP_HEADING: Record<BodyTable, BodyPlace | undefined> = { notes: undefined, talks: 4, teaching_courses: 4, news_items: 'inline' };
const BATCH = 20;

/**
 * Renders again every stored body an older renderer made (see RENDERER_VERSION), each once, and
 * announces the kinds of data that changed so that their pages are drawn anew.
 */
export async function renderStaleBodies(site: Pick<FastifyInstance, 'db' | 'work' | 'changes'>, stopping?: AbortSignal): Promise<void> {
  for (const table of Object.keys(STORED_BODIES) as BodyTable[]) {
    let after = 0;
    let rendered = 0;
    for (;;) {
      const rows = stopping?.aborted ? [] : await bodiesRenderedBefore(site.db, table, RENDERER_VERSION, after, BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (stopping?.aborted) break;
        await storeRenderedBody(site.db, table, row, await renderBody(site, row.body, TOP_HEADING[table]), RENDERER_VERSION);
        rendered += 1;
      }
      after = rows[rows.length - 1].id;
    }
    if (rendered > 0) site.changes.publish(SHOWN_AS[table]);
  }
}

/**
 * Marks the stored bodies that show any of the pictures as made by no renderer, so that the next
 * pass of renderStaleBodies renders them again with the pictures' files as they now are.
 */
export async function renderAgainBodiesShowing(db: Db, photoIds: readonly number[]): Promise<void> {
  const shown = new Set(photoIds);
  for (const table of Object.keys(STORED_BODIES) as BodyTable[]) {
    const rows = await bodiesMentioningPhotos(db, table);
    const ids = rows.filter((row) => photoIdsIn(row.body).some((id) => shown.has(id))).map((row) => row.id);
    await markBodiesStale(db, table, ids);
  }
}
