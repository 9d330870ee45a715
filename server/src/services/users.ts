import type { User } from '../../contract';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';

export const EMAIL_MAX_LENGTH = 254;

// The WHATWG rule for <input type=email>, plus a dot in the domain: what a browser accepts, and deliverable.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The account key: one account per address whatever its letter case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address as kept for display: as typed, with the domain lower-cased (as Django does). */
export function cleanEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user as the API shows it (the contract's User). */
export function userView(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    interest_notes: row.interest_notes,
    is_staff: row.is_staff === 1,
    date_joined: row.date_joined,
    last_login: row.last_login,
  };
}
