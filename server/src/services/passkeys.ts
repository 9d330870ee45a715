import crypto from 'node:crypto';

import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

import type { Db } from '../db';
import { isoAt, nowIso } from '../db/columns';
import { isUniqueViolation } from '../db/errors';
import type { PasskeyRow, UserRow } from '../db/schema';
import {
  countPasskeys,
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  notePasskeyUse,
  takeChallenge,
} from '../repositories/passkeys';
import { displayName, findUserById, markSignedIn } from '../repositories/users';
import { staffPasskeysRequired } from './signInPolicy';

/** The site as WebAuthn knows it: passkeys are bound to the host name of PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: url.hostname, origin: url.origin };
}

/** How long the browser may take to answer a ceremony; its challenge is kept as long. */
export const CEREMONY_SECONDS = 5 * 60;

/**
 * Passkeys sign in on their own, so the authenticator must check that its holder is there (PIN,
 * fingerprint, face), and keep the credential itself so that the sign-in screen asks for no email.
 */
const USER_VERIFICATION = 'required';

const challengeExpiry = () => isoAt(Date.now() + CEREMONY_SECONDS * 1000);

/** What the browser needs to create a passkey for the user, its challenge kept for the answer. */
export async function registrationOptions(db: Db, rp: RelyingParty, user: UserRow): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, user.id);
  // Every passkey of an account carries the same handle, so that an authenticator keeps one per account.
  const handle = existing[0]?.user_handle ?? crypto.randomBytes(32).toString('base64url');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: displayName(user),
    userID: Buffer.from(handle, 'base64url'),
    timeout: CEREMONY_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', userVerification: USER_VERIFICATION },
  });
  await insertChallenge(db, { challenge: options.challenge, purpose: 'register', user_id: user.id, user_handle: handle, expires_at: challengeExpiry() });
  return options;
}

const transportsOf = (passkey: PasskeyRow) => (passkey.transports ? passkey.transports.split(',') : undefined);

export type PasskeyRefusal = 'challenge' | 'unverified' | 'duplicate';

/**
 * Verifies the browser's answer to the user's registration options and keeps the passkey. The
 * challenge is spent whatever the outcome. A blank name becomes "Passkey N".
 */
export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
  credential: RegistrationResponseJSON,
  name: string,
): Promise<{ passkey: PasskeyRow } | { refused: PasskeyRefusal }> {
  // Undefined until the library reaches the challenge, null when it was not (or no longer) ours.
  let handle: string | null | undefined;
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: async (challenge) => {
        handle = (await takeChallenge(db, challenge, 'register', user.id))?.user_handle ?? null;
        return handle !== null;
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    return { refused: handle === null ? 'challenge' : 'unverified' };
  }
  if (!verification.verified || !handle) return { refused: 'unverified' };
  const { credential: verified, credentialBackedUp } = verification.registrationInfo;
  try {
    const passkey = await insertPasskey(db, {
      user_id: user.id,
      credential_id: verified.id,
      public_key: Buffer.from(verified.publicKey).toString('base64url'),
      sign_count: verified.counter,
      transports: (verified.transports ?? []).join(','),
      user_handle: handle,
      backed_up: credentialBackedUp ? 1 : 0,
      name: name.trim() || `Passkey ${(await countPasskeys(db, user.id)) + 1}`,
      created_at: nowIso(),
      last_used_at: null,
    });
    return { passkey };
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'duplicate' };
    throw error;
  }
}

/**
 * Removes one of the user's passkeys. While staff must use passkeys, a staff member keeps at least
 * one: removing the last would let the password alone sign in again.
 */
export async function removePasskey(db: Db, user: UserRow, id: number): Promise<'removed' | 'notFound' | 'lastRequired'> {
  const passkeys = await listPasskeys(db, user.id);
  if (!passkeys.some((passkey) => passkey.id === id)) return 'notFound';
  if (passkeys.length === 1 && user.is_staff === 1 && (await staffPasskeysRequired(db))) return 'lastRequired';
  return (await deletePasskey(db, user.id, id)) ? 'removed' : 'notFound';
}

/** What the browser needs to sign in with any passkey of this site (it offers the ones it holds). */
export async function authenticationOptions(db: Db, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: CEREMONY_SECONDS * 1000, userVerification: USER_VERIFICATION });
  await insertChallenge(db, { challenge: options.challenge, purpose: 'authenticate', user_id: null, user_handle: null, expires_at: challengeExpiry() });
  return options;
}

export type SignInRefusal = 'challenge' | 'unknown' | 'unverified' | 'inactive';

/**
 * Verifies a passkey's answer to sign-in options, notes its use and marks the user signed in. The
 * challenge of a well-formed answer from a known passkey is spent, whatever the outcome.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  credential: AuthenticationResponseJSON,
): Promise<{ user: UserRow } | { refused: SignInRefusal }> {
  const passkey = await findPasskeyByCredentialId(db, credential.id);
  if (!passkey) return { refused: 'unknown' };
  // A discoverable credential names its account; it must be the account the passkey was added to.
  if (credential.response.userHandle !== undefined && credential.response.userHandle !== passkey.user_handle) return { refused: 'unverified' };
  // Undefined until the library reaches the challenge.
  let challengeFound: boolean | undefined;
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: async (challenge) => (challengeFound = (await takeChallenge(db, challenge, 'authenticate', null)) !== undefined),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: passkey.sign_count,
        transports: transportsOf(passkey),
      },
      requireUserVerification: true,
    });
  } catch {
    return { refused: challengeFound === false ? 'challenge' : 'unverified' };
  }
  if (!verification.verified) return { refused: 'unverified' };
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  await notePasskeyUse(db, passkey.id, { signCount: newCounter, backedUp: credentialBackedUp });
  const user = await findUserById(db, passkey.user_id);
  const signedIn = user?.is_active === 1 ? await markSignedIn(db, user.id, { activeOnly: true }) : undefined;
  return signedIn ? { user: signedIn } : { refused: 'inactive' };
}
