import crypto from 'node:crypto';

const POOL_BYTES = 4096;
const pool = { bytes: Buffer.alloc(0), used: 0 };

/**
 * Fresh random bytes as text, drawn from 4 KB taken from the system at a time: a first visit needs a
 * CSRF token, and one draw from the system per answer costs several microseconds. Each byte is
 * handed out once.
 */
export function randomText(bytes: number, encoding: 'base64' | 'base64url'): string {
  if (pool.used + bytes > pool.bytes.length) {
    pool.bytes = crypto.randomBytes(Math.max(POOL_BYTES, bytes));
    pool.used = 0;
  }
  pool.used += bytes;
  return pool.bytes.toString(encoding, pool.used - bytes, pool.used);
}
