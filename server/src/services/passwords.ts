import { hash, type Options, parseOptions, verify } from '@node-rs/argon2';

/** argon2id with the OWASP Password Storage Cheat Sheet's first recommendation: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package's enum is `const`, which isolated modules cannot inline.
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * False for a wrong password and for anything that is not an argon2 hash (an unusable password),
 * which takes as long as a real check so that the answer's timing says nothing about the account.
 */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return verifyAgainstDecoy(password);
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters than today's, so a successful sign-in re-hashes it. */
export function needsRehash(stored: string): boolean {
  try {
    const used = parseOptions(stored);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      used.timeCost !== ARGON2_OPTIONS.timeCost ||
      used.parallelism !== ARGON2_OPTIONS.parallelism
    );
  } catch {
    return true;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification when there is no account to check against, so that
 * the answer's timing does not tell whether an email is registered.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that no account has');
  await verifyPassword(await decoyHash, password);
  return false;
}
