/** Checks of what staff type that more than one kind of item needs (news, talks). */

/** Whether YYYY-MM-DD names a day of the calendar (2024-02-29, but not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, leaves years before 100 alone.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An absolute http(s) address: what a visitor's click can only open as a web page. */
export function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

const SITE = 'http://site.invalid';

/**
 * An address on the site itself (/research/KEY, /notes/slug#results): one slash first, never two or a
 * backslash (which browsers read as another host), no spaces, and it stays on the site once resolved.
 */
export function isSiteAddress(value: string): boolean {
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value)) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}
