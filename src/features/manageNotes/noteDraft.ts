import type { NoteInput, StaffNote } from '@/contract/notes';

import { fromLocalInput, toLocalInput } from './localTime';

/** The editor's fields as typed: tags in one comma-separated line, the cover as a picture id or '' for none. */
export type NoteDraft = {
  title: string;
  slug: string;
  summary: string;
  tags: string;
  cover: string;
  body: string;
  publish: NoteInput['publish'];
  /** A `datetime-local` value, in the reader's time zone. */
  publishAt: string;
};

export const blankDraft = (): NoteDraft => ({ title: '', slug: '', summary: '', tags: '', cover: '', body: '', publish: 'draft', publishAt: '' });

const publishOf = (status: StaffNote['status']): NoteInput['publish'] => (status === 'published' ? 'now' : status === 'scheduled' ? 'schedule' : 'draft');

export const draftOf = (note: StaffNote): NoteDraft => ({
  title: note.title,
  slug: note.slug,
  summary: note.summary,
  tags: note.tags.join(', '),
  cover: note.cover_image === null ? '' : String(note.cover_image),
  body: note.body,
  publish: publishOf(note.status),
  publishAt: toLocalInput(note.publish_at),
});

/** The editor's fields from what a save sends (a kept copy of unsaved changes). */
export const draftFromInput = (input: NoteInput): NoteDraft => ({
  title: input.title,
  slug: input.slug,
  summary: input.summary,
  tags: input.tags.join(', '),
  cover: input.cover_image === null ? '' : String(input.cover_image),
  body: input.body,
  publish: input.publish,
  publishAt: toLocalInput(input.publish_at),
});

export const splitTags = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** What a save sends; `revision` is the one the editor started from (none for a new note). */
export const noteInput = (draft: NoteDraft, revision: number | undefined): NoteInput => ({
  title: draft.title,
  slug: draft.slug,
  summary: draft.summary,
  tags: splitTags(draft.tags),
  cover_image: draft.cover ? Number(draft.cover) : null,
  body: draft.body,
  publish: draft.publish,
  publish_at: draft.publish === 'schedule' ? fromLocalInput(draft.publishAt) : null,
  ...(revision === undefined ? {} : { revision }),
});

/** Equal for saving's sake: the same note would be sent. */
export const sameDraft = (a: NoteDraft, b: NoteDraft): boolean => JSON.stringify(noteInput(a, undefined)) === JSON.stringify(noteInput(b, undefined));
