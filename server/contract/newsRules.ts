/** The rules of news items that the SPA checks too: plain values, so the SPA can import them without TypeBox. */
export const NEWS_LIMITS = {
  /** Characters of text: one or two sentences. */
  text: 280,
  link: 500,
  /** How many items the home page shows. */
  onHomePage: 5,
} as const;

export const NEWS_MESSAGES = {
  date: 'Enter the date as YYYY-MM-DD.',
  textRequired: 'Write what happened.',
  textTooLong: `Keep it to ${NEWS_LIMITS.text} characters.`,
  link: 'Enter a web address starting with https:// or http://, or leave it empty.',
} as const;
