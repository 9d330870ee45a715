/**
 * Short news items ("Paper accepted at …", "Talk at …"): written by staff, the latest few shown on the
 * home page under the owner's introduction.
 */
import { type Static, Type } from '@sinclair/typebox';

import { CheckedText, IdSchema } from './index';
import { NEWS_LIMITS } from './newsRules';

export { NEWS_LIMITS, NEWS_MESSAGES } from './newsRules';

export const NewsItemSchema = Type.Object({
  id: IdSchema,
  /** A calendar date, YYYY-MM-DD: when it happened, not when it was written. */
  date: Type.String(),
  /** Plain text, one or two sentences. */
  text: Type.String(),
  /** An http(s) address, or empty. */
  link: Type.String(),
  /** When it was last written (the sitemap dates the home page by it). */
  updated_at: Type.String(),
});
export type NewsItem = Static<typeof NewsItemSchema>;

/** The newest first; `limit` for the home page. */
export const NewsListQuerySchema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }, { additionalProperties: false });
export type NewsListQuery = Static<typeof NewsListQuerySchema>;

/** Checked beyond the schema by the server, with one message per field (see NEWS_MESSAGES). */
export const NewsItemInputSchema = Type.Object(
  {
    date: Type.String({ maxLength: 20 }),
    text: CheckedText(NEWS_LIMITS.text),
    link: CheckedText(NEWS_LIMITS.link),
  },
  { additionalProperties: false },
);
export type NewsItemInput = Static<typeof NewsItemInputSchema>;
