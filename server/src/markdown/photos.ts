/** A picture of the photo library as a body shows it. */
export interface NotePhoto {
  src: string;
  srcset: string;
  width: number;
  height: number;
}

/** The library's pictures a body names, found before rendering (the renderer runs where there is no database). */
export type FoundPhotos = ReadonlyMap<number, NotePhoto>;

const PHOTO_MENTION = /photo:(\d{1,9})/g;
/** Pictures looked up for one body: far more than a note shows, few enough for one query. */
const MAX_PHOTOS = 2_000;

/** The ids of every `photo:ID` the body mentions, to look up before rendering it. */
export function photoIdsIn(body: string): number[] {
  const ids = new Set<number>();
  for (const [, id] of body.matchAll(PHOTO_MENTION)) {
    ids.add(Number(id));
    if (ids.size >= MAX_PHOTOS) break;
  }
  return [...ids];
}
