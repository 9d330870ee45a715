import type { AdminUser } from '@/contract/admin';

/** How the screen names a user: their full name, or their email when they gave none. */
export function userName(user: Pick<AdminUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
