/**
 * The most characters the API takes in its text fields (the site's words, news and notes have their
 * own rules modules): plain values, so that the SPA's inputs hold the same limits before anything is sent.
 */
export const FIELD_LIMITS = {
  email: 254,
  /** A first or last name. */
  personName: 150,
  interestNotes: 2000,
  galleryName: 100,
  categoryName: 100,
  documentName: 200,
  imageTitle: 300,
  /** Of a gallery, category, document or image. */
  description: 5000,
  userSearch: 200,
} as const;
