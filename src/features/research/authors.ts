/** Case and accents aside, as a person compares names. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * True when an author is the site's owner: the same last name and a first name or initial that
 * agrees ("E. Northcote", "Elias Northcote", "Northcote, E.").
 */
export function isOwner(author: string, owner: string): boolean {
  const a = plain(author);
  const o = plain(owner);
  if (a.length === 0 || o.length === 0) return false;
  if (a[a.length - 1] !== o[o.length - 1]) return false;
  if (a.length === 1 || o.length === 1) return true;
  return a[0][0] === o[0][0];
}
