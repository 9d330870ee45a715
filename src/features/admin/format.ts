import type { AdminUser } from '../../../server/contract/admin';

/** How the screen names a user: their full name, or their email when they gave none. */
export function userName(user: Pick<AdminUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Date and time in the reader's locale, e.g. "9 Jun 2025, 14:05". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
