/** Whether an If-None-Match header names this entity tag: `*`, or a list of tags, strong or weak (W/"…"). */
export function etagListMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
