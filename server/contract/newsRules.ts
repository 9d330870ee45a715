/** The rules of news items that the SPA checks too: plain values, so the SPA can import them without TypeBox. */
export const NEWS_LIMITS = {
  /** Characters of text (inline Markdown, as written): one or two sentences. */
  text: 280,
  /**
   * What the request's schema takes of the text: far more than the limit, so that a long paste is
   * answered with the limit's own message rather than the schema's.
   */
  textReceived: 20_000,
  link: 500,
  /** How many items the home page shows. */
  onHomePage: 5,
  /** How many items a page of /news shows. */
  perPage: 20,
} as const;

export const NEWS_MESSAGES = {
  date: 'Enter the date as YYYY-MM-DD.',
  textRequired: 'Write what happened.',
  textTooLong: `Keep it to ${NEWS_LIMITS.text} characters.`,
  link: 'Enter an address on this site starting with / (such as /research/…), or a web address starting with https:// or http://, or leave it empty.',
} as const;
