/**
 * The kinds of public data a write can change. They are RTK Query tag types of the SPA's API slice too,
 * so the server knows which cached pages show a kind from the tags their prefetched queries provide.
 */
export const DATA_TAGS = [
  'SiteContent',
  'Gallery',
  'Image',
  'Category',
  'Document',
  'CurrentCv',
  'Publication',
  // Papers' citations, formatted in the background after a paper changes: only a paper's own page shows them.
  'Citations',
  'News',
  'Note',
  'Talk',
  'Teaching',
] as const;
export type DataTag = (typeof DATA_TAGS)[number];
