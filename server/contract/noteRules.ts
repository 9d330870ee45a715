/**
 * What a note must be, with the messages the editor and the server show. Free of schema code so that
 * the SPA can run it cheaply.
 */
export const NOTE_LIMITS = {
  title: 150,
  slug: 100,
  summary: 300,
  tag: 40,
  tags: 10,
  /** The body's size in UTF-8 bytes: a long paper's worth of Markdown, and a bound on rendering time. */
  bodyBytes: 200_000,
  perPage: 10,
  /** How many notes the home page lists. */
  onHomePage: 3,
} as const;

export const NOTES_PER_PAGE = NOTE_LIMITS.perPage;

export const NOTE_MESSAGES = {
  titleRequired: 'Give the note a title.',
  titleTooLong: `Ensure the title has no more than ${NOTE_LIMITS.title} characters.`,
  slugRequired: 'Give the note an address.',
  slug: 'Use lowercase letters, digits and single hyphens, such as "volatility-smile".',
  slugTooLong: `Ensure the address has no more than ${NOTE_LIMITS.slug} characters.`,
  slugTaken: 'Another note already uses this address.',
  slugReserved: 'This address is used by the site itself: choose another.',
  summaryTooLong: `Ensure the summary has no more than ${NOTE_LIMITS.summary} characters.`,
  tag: `Tags are lowercase words joined by hyphens, of at most ${NOTE_LIMITS.tag} characters.`,
  tooManyTags: `Ensure the note has no more than ${NOTE_LIMITS.tags} tags.`,
  cover: 'This picture is no longer in the photo library.',
  bodyRequired: 'Write the note before publishing it.',
  bodyTooLong: `The note is longer than ${NOTE_LIMITS.bodyBytes / 1000} KB: split it into several notes.`,
  publishAt: 'Enter the date and time to publish at.',
  publishAtPast: 'Choose a time in the future, or publish now.',
  stale: 'This note was changed by someone else since you opened it. Reload to see their changes, then make yours again.',
} as const;

/** Addresses under /notes/ that the site uses itself. */
export const RESERVED_SLUGS = ['tag', 'page', 'feed', 'manage', 'new'] as const;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TAG_PATTERN = SLUG_PATTERN;

/** The address a title suggests: "Vol smile, revisited!" → "vol-smile-revisited". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, NOTE_LIMITS.slug)
    .replace(/-+$/, '');
}

/** A tag as typed ("Option Pricing") in its stored form ("option-pricing"). */
export function tidyTag(tag: string): string {
  return slugFromTitle(tag);
}
