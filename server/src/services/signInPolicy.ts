import type { SignInSecurity } from '../../contract/passkeys';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { countPasskeys, countStaffPasskeys } from '../repositories/passkeys';
import { readSetting, writeSetting } from '../repositories/siteSettings';
import { redeemRecoveryCode } from './recoveryCodes';

const STAFF_PASSKEYS_REQUIRED = 'staff_passkeys_required';

export async function staffPasskeysRequired(db: Db): Promise<boolean> {
  return (await readSetting(db, STAFF_PASSKEYS_REQUIRED)) === true;
}

/** The owner's choice, written to the audit trail. */
export async function setStaffPasskeysRequired(db: Db, owner: UserRow, required: boolean): Promise<void> {
  await writeSetting(db, owner, STAFF_PASSKEYS_REQUIRED, required, {
    action: required ? 'staff_sign_in.passkeys_required' : 'staff_sign_in.passkeys_optional',
    subject: 'staff sign-in',
  });
}

/** The setting as the administration area shows it to one staff member. */
export async function signInSecurity(db: Db, viewer: UserRow): Promise<SignInSecurity> {
  const { staff, withPasskeys } = await countStaffPasskeys(db);
  return {
    staff_passkeys_required: await staffPasskeysRequired(db),
    viewer_is_owner: viewer.is_owner === 1,
    staff_count: staff,
    staff_with_passkeys: withPasskeys,
  };
}

/**
 * Whether a right password signs this user in: it does unless passkeys are required of staff and
 * this staff member has one, in which case it takes one of their recovery codes with it (spent here).
 */
export async function passwordSignIn(db: Db, user: UserRow, recoveryCode: string | undefined): Promise<'allowed' | 'passkeyRequired' | 'badRecoveryCode'> {
  if (user.is_staff !== 1 || !(await staffPasskeysRequired(db)) || (await countPasskeys(db, user.id)) === 0) return 'allowed';
  if (!recoveryCode?.trim()) return 'passkeyRequired';
  return (await redeemRecoveryCode(db, user.id, recoveryCode)) ? 'allowed' : 'badRecoveryCode';
}
