/**
 * What the notes routes tell the server: the list an address shows and the head of a note. Kept apart
 * from the screens, which load lazily, so that the routes can name them.
 */
import type { Params } from 'react-router-dom';

import { NOTE_LIMITS, TAG_PATTERN } from '@/contract/noteRules';
import type { NoteListQuery } from '@/contract/notes';
import { paths } from '@/contract/paths';
import { isNotFound } from '@/lib/api/errors';
import { notesApi } from '@/lib/api/notesApi';
import type { RootState } from '@/lib/state';
import { cutAtWord } from '@/lib/text';

/** Page numbers as the list's addresses write them (the API reads up to 10,000). */
const PAGE_NUMBER = /^[1-9]\d{0,3}$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/**
 * The list at a notes address (its page and tag), the same object for the route's prefetch and the
 * screen; undefined when the address names no page of the list.
 */
export function notesListQuery({ page = '1', tag }: Params): NoteListQuery | undefined {
  if (!PAGE_NUMBER.test(page)) return undefined;
  if (tag !== undefined && !(tag.length <= NOTE_LIMITS.tag && TAG_PATTERN.test(tag))) return undefined;
  return { ...(page !== '1' && { page: Number(page) }), ...(tag !== undefined && { tag }) };
}

/** The first paragraph of a note's HTML as plain text (formulas as their TeX), cut at a word. */
export function openingWords(html: string): string {
  const text = (/<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '')
    .replace(/<math[\s\S]*?<annotation encoding="application\/x-tex">([\s\S]*?)<\/annotation>[\s\S]*?<\/math>/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot));/gi, (entity, hex?: string, decimal?: string, name?: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : (ENTITIES[name?.toLowerCase() ?? ''] ?? entity),
    )
    .replace(/\s+/g, ' ')
    .trim();
  return cutAtWord(text);
}

/** A note page's head, from the note its route prefetched; undefined when there is no such note. */
export function noteArticle(state: RootState, { slug = '' }: Params) {
  const note = notesApi.endpoints.getNote.select(slug)(state).data;
  if (!note) return undefined;
  return {
    path: paths.note(note.slug),
    title: note.title,
    description: note.summary || openingWords(note.html) || note.title,
    publishedAt: note.published_at,
    modifiedAt: note.revised_at ?? undefined,
    tags: note.tags,
    shareImagePath: paths.noteShareImage(note.slug),
  };
}

/** Whether a notes address names a page of its list: a page past the end, an impossible one or an unknown tag is not found. */
export function notesListExists(state: RootState, params: Params): boolean {
  const query = notesListQuery(params);
  if (!query) return false;
  const { data: list, error } = notesApi.endpoints.getNotes.select(query)(state);
  if (isNotFound(error)) return false;
  return !list || list.page <= list.pages;
}
