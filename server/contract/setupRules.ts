/** The setup screen's messages, shown by the SPA and answered by the server alike. */
export const SETUP_MESSAGES = {
  done: 'The site is set up already: change its words on the site-content screen.',
  ownerOnly: 'Only the site’s owner sets the site up.',
  saved: 'Your site is set up.',
} as const;
