/** The rules of news items that the SPA checks too: plain values, so the SPA can import them without TypeBox. */
export const NEWS_TEXT_MAX = 280;
export const NEWS_LINK_MAX = 500;
/** How many items the home page shows. */
export const HOME_NEWS_COUNT = 5;

export const NEWS_MESSAGES = {
  date: 'Enter the date as YYYY-MM-DD.',
  textRequired: 'Write what happened.',
  textTooLong: `Keep it to ${NEWS_TEXT_MAX} characters.`,
  link: 'Enter a web address starting with https:// or http://, or leave it empty.',
} as const;
