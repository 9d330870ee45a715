import type { Db } from '../db';
import { nowIso } from '../db/columns';
import type { UserRow } from '../db/schema';
import { COMMAND_LINE, recordAudit } from '../repositories/audit';
import { findUserByEmail } from '../repositories/users';
import { clearLoginFailures } from './loginThrottle';
import { passwordProblems } from './passwordPolicy';
import { hashPassword } from './passwords';
import { revokeAllSessions } from './sessions';
import { cleanEmail, isValidEmail, normalizeEmail } from './users';

export class AccountInputError extends Error {}

export interface StaffInput {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** The first staff account of a site becomes its owner (a unique index keeps it to one). */
async function ownIfOwnerless(db: Db, user: UserRow): Promise<UserRow> {
  const owner = await db
    .updateTable('users')
    .set({ is_owner: 1 })
    .where('id', '=', user.id)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users as owners').select('owners.id').where('owners.is_owner', '=', 1))))
    .returningAll()
    .executeTakeFirst();
  if (!owner) return user;
  await recordAudit(db, COMMAND_LINE, 'user.owner', owner.email);
  return owner;
}

/** Makes an existing account staff (and active); undefined when no account has the email. */
export async function promoteToStaff(db: Db, input: StaffInput): Promise<UserRow | undefined> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) return undefined;
  const names = {
    ...(input.firstName ? { first_name: input.firstName.trim() } : {}),
    ...(input.lastName ? { last_name: input.lastName.trim() } : {}),
  };
  const user = await db
    .updateTable('users')
    .set({ is_staff: 1, is_active: 1, ...names })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(db, COMMAND_LINE, 'user.staff_granted', user.email);
  return ownIfOwnerless(db, user);
}

/** Creates a staff account; the password must pass the same policy as everyone's. */
export async function createStaffUser(db: Db, input: StaffInput & { password: string }): Promise<UserRow> {
  const email = cleanEmail(input.email);
  if (!isValidEmail(email)) throw new AccountInputError('Enter a valid email address.');
  const firstName = input.firstName?.trim() ?? '';
  const lastName = input.lastName?.trim() ?? '';
  const problems = passwordProblems(input.password, { email, first_name: firstName, last_name: lastName });
  if (problems.length) throw new AccountInputError(problems.join(' '));
  const user = await db
    .insertInto('users')
    .values({
      email,
      email_normalized: normalizeEmail(email),
      first_name: firstName,
      last_name: lastName,
      is_staff: 1,
      date_joined: nowIso(),
      last_login: null,
      password: await hashPassword(input.password),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(db, COMMAND_LINE, 'user.created_staff', user.email);
  return ownIfOwnerless(db, user);
}

/** Sets a new password for the account with this email and signs it out everywhere. */
export async function resetPasswordByOperator(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AccountInputError(`No account has the email ${email}.`);
  const problems = passwordProblems(password, user);
  if (problems.length) throw new AccountInputError(problems.join(' '));
  const updated = await db
    .updateTable('users')
    .set({ password: await hashPassword(password) })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await revokeAllSessions(db, user.id);
  await clearLoginFailures(db, user.email_normalized);
  await recordAudit(db, COMMAND_LINE, 'user.password_reset', user.email);
  return updated;
}
