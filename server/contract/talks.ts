/**
 * Talks: given or to be given, listed for visitors on the Talks page (upcoming first, then past ones by
 * year) and managed by staff. A talk may link slides from the documents library and a publication.
 */
import { type Static, Type } from '@sinclair/typebox';

import { CheckedText, IdSchema, Nullable, OneOf } from './index';
import { TALK_LIMITS, TALK_TYPES } from './talkRules';

export { TALK_LIMITS, TALK_MESSAGES, TALK_TYPE_NAMES, TALK_TYPES, type TalkType } from './talkRules';

export const TalkTypeSchema = OneOf(...TALK_TYPES);

export const TalkSchema = Type.Object({
  id: IdSchema,
  title: Type.String(),
  /** The conference, seminar series or course, or empty. */
  event: Type.String(),
  /** A city or an institution, or empty. */
  place: Type.String(),
  /** A calendar date, YYYY-MM-DD. */
  date: Type.String(),
  type: TalkTypeSchema,
  /** Markdown as written. */
  abstract: Type.String(),
  /** The abstract rendered and sanitised by the server. */
  abstract_html: Type.String(),
  /** The abstract as plain text, mathematics included as readable characters (structured data, link previews). */
  abstract_text: Type.String(),
  /** The document of the slides, or null. */
  slides: Nullable(IdSchema),
  /** Where visitors download the slides, or empty. */
  slides_url: Type.String(),
  /** An http(s) address, or empty. */
  video: Type.String(),
  /** The related publication, or null. */
  paper: Nullable(IdSchema),
  /** The related publication's page key and its title as plain text, or null. */
  paper_link: Nullable(Type.Object({ key: Type.String(), title: Type.String() })),
  /** When it was last written (the sitemap dates the Talks page by it). */
  updated_at: Type.String(),
});
export type Talk = Static<typeof TalkSchema>;

/** A talk as a paper's page lists it, leading to its entry on the Talks page. */
export const TalkOnPaperSchema = Type.Pick(TalkSchema, ['id', 'title', 'event', 'place', 'date']);
export type TalkOnPaper = Static<typeof TalkOnPaperSchema>;

/** Checked beyond the schema by the server, with one message per field (see TALK_MESSAGES). */
export const TalkInputSchema = Type.Object(
  {
    title: CheckedText(TALK_LIMITS.title),
    event: CheckedText(TALK_LIMITS.event),
    place: CheckedText(TALK_LIMITS.place),
    date: Type.String({ maxLength: 20 }),
    type: Type.String({ maxLength: 40 }),
    /** Counted in bytes by the server (TALK_LIMITS.abstractBytes); the schema leaves room for the message. */
    abstract: CheckedText(TALK_LIMITS.abstractBytes),
    slides: Nullable(IdSchema),
    video: CheckedText(TALK_LIMITS.video),
    paper: Nullable(IdSchema),
  },
  { additionalProperties: false },
);
export type TalkInput = Static<typeof TalkInputSchema>;
