/**
 * Short news items ("Paper accepted at …", "Talk at …"): written by staff in inline Markdown (with
 * mathematics), the latest few shown on the home page under the owner's introduction, all of them a
 * page at a time at /news.
 */
import { type Static, Type } from '@sinclair/typebox';

import { CheckedText, IdSchema, pagePosition } from './index';
import { NEWS_LIMITS } from './newsRules';

export { NEWS_LIMITS, NEWS_MESSAGES } from './newsRules';

export const NewsItemSchema = Type.Object({
  id: IdSchema,
  /** A calendar date, YYYY-MM-DD: when it happened, not when it was written. */
  date: Type.String(),
  /** Inline Markdown as written, one or two sentences. */
  text: Type.String(),
  /** The text rendered by the server (sanitised inline HTML, mathematics typeset): what visitors see. */
  html: Type.String(),
  /** An http(s) address, an address on the site (/research/KEY), or empty. */
  link: Type.String(),
  /** When it was last written (the sitemap dates the home page by it). */
  updated_at: Type.String(),
});
export type NewsItem = Static<typeof NewsItemSchema>;

/** The newest first; `limit` for the home page. */
export const NewsListQuerySchema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }, { additionalProperties: false });
export type NewsListQuery = Static<typeof NewsListQuerySchema>;

/** A page of the news, newest first: the first when `page` is absent. */
export const NewsPageQuerySchema = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) }, { additionalProperties: false });
export type NewsPageQuery = Static<typeof NewsPageQuerySchema>;

/** A page of the news: past the last (`page` > `pages`) it holds none. */
export const NewsPageSchema = Type.Object({ items: Type.Array(NewsItemSchema), ...pagePosition });
export type NewsPage = Static<typeof NewsPageSchema>;

/** Checked beyond the schema by the server, with one message per field (see NEWS_MESSAGES). */
export const NewsItemInputSchema = Type.Object(
  {
    date: Type.String({ maxLength: 20 }),
    text: Type.String({ maxLength: NEWS_LIMITS.textReceived }),
    link: CheckedText(NEWS_LIMITS.link),
  },
  { additionalProperties: false },
);
export type NewsItemInput = Static<typeof NewsItemInputSchema>;
