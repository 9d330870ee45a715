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

/** The editor's fields from a note's values, saved or about to be, and how it is published. */
const draftFrom = (note: Omit<NoteInput, 'publish' | 'revision'>, publish: NoteInput['publish']): NoteDraft => ({
  title: note.title,
  slug: note.slug,
  summary: note.summary,
  tags: note.tags.join(', '),
  cover: note.cover_image === null ? '' : String(note.cover_image),
  body: note.body,
  publish,
  publishAt: toLocalInput(note.publish_at),
});

export const draftOf = (note: StaffNote): NoteDraft => draftFrom(note, publishOf(note.status));

/** The editor's fields from what a save sends (a kept copy of unsaved changes). */
export const draftFromInput = (input: NoteInput): NoteDraft => draftFrom(input, input.publish);

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
