/** A calendar date for lists of uploads, in the reader's locale (e.g. "9 Jun 2025"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A moment in the reader's locale and time zone, e.g. "9 Jun 2025, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Made once: toLocaleDateString builds a formatter on every call, which showed in every server render of a list. */
const calendarDates = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A calendar date (YYYY-MM-DD) as the server and every reader write it, e.g. "20 Nov 2026": fixed
 * locale and UTC, so a server-rendered page and its takeover agree.
 */
export function formatCalendarDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return calendarDates.format(date);
}
