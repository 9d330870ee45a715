const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a `datetime-local` input shows it: in the reader's time zone, to the minute. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the reader's time zone) as the ISO time the API takes; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  // A date and time without an offset is read as local time.
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/** The reader's time zone, to name beside a time they enter ("Europe/London"). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When a copy was kept: the time of day (HH:MM, in the reader's locale), with the date unless it is today. */
export function keptAt(iso: string): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString()} ${time}`;
}
