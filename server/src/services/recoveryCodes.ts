import crypto from 'node:crypto';

import type { Db } from '../db';
import { replaceRecoveryCodes, spendRecoveryCode } from '../repositories/recoveryCodes';

/** Codes handed out at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits no one misreads (no 0/o, 1/l/i); sixteen of them make about 79 random bits. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 16;

/** The code as typed, without the case, spaces and dashes people add or drop. */
const normalized = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * A code has enough random bits that a plain SHA-256 of it cannot be reversed by trying codes;
 * so, unlike a password, it needs no slow hash.
 */
export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(normalized(code)).digest('hex');

function newCode(): string {
  const characters = Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  return characters.match(/.{4}/g)!.join('-');
}

/** New codes for the user, replacing any earlier ones; only their hashes are kept, so they are shown once. */
export async function issueRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await replaceRecoveryCodes(db, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** Spends one of the user's unused codes; false when the code is not one of them. */
export function redeemRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  return spendRecoveryCode(db, userId, hashRecoveryCode(code));
}
