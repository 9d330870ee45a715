import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { UserRow } from '../db/schema';
import { cleanEmail, isValidEmail, normalizeEmail } from '../lib/email';
import { deleteAllPasskeys } from '../repositories/passkeys';
import { deleteRecoveryCodes } from '../repositories/recoveryCodes';
import { findUserByEmail, grantStaffByOperator, insertStaffUserByOperator, setPasswordByOperator } from '../repositories/users';
import { clearLoginFailures } from './loginThrottle';
import { passwordProblems } from './passwordPolicy';
import { hashPassword } from './passwords';

export class AccountInputError extends Error {}

export interface StaffInput {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** Makes an existing account staff (and active); undefined when no account has the email. */
export async function promoteToStaff(db: Db, input: StaffInput): Promise<UserRow | undefined> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) return undefined;
  const names = {
    ...(input.firstName ? { first_name: input.firstName.trim() } : {}),
    ...(input.lastName ? { last_name: input.lastName.trim() } : {}),
  };
  return grantStaffByOperator(db, existing.id, names);
}

/** Creates a staff account; the password must pass the same policy as everyone's. */
export async function createStaffUser(db: Db, input: StaffInput & { password: string }): Promise<UserRow> {
  const email = cleanEmail(input.email);
  if (!isValidEmail(email)) throw new AccountInputError('Enter a valid email address.');
  const firstName = input.firstName?.trim() ?? '';
  const lastName = input.lastName?.trim() ?? '';
  const problems = passwordProblems(input.password, { email, first_name: firstName, last_name: lastName });
  if (problems.length) throw new AccountInputError(problems.join(' '));
  return insertStaffUserByOperator(db, {
    email,
    email_normalized: normalizeEmail(email),
    first_name: firstName,
    last_name: lastName,
    date_joined: nowIso(),
    last_login: null,
    password: await hashPassword(input.password),
  });
}

/**
 * Sets a new password for the account with this email and signs it out everywhere. It is the last
 * way back into an account, so the account's passkeys and recovery codes go too: the new password
 * alone signs in, even where staff must use passkeys, and the person adds passkeys again.
 */
export async function resetPasswordByOperator(db: Db, email: string, password: string): Promise<{ user: UserRow; passkeysRemoved: number }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AccountInputError(`No account has the email ${email}.`);
  const problems = passwordProblems(password, user);
  if (problems.length) throw new AccountInputError(problems.join(' '));
  const updated = await setPasswordByOperator(db, user, await hashPassword(password));
  const passkeysRemoved = await deleteAllPasskeys(db, user.id);
  await deleteRecoveryCodes(db, user.id);
  await clearLoginFailures(db, user.email_normalized);
  return { user: updated, passkeysRemoved };
}
