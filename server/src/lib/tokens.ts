import crypto from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';

export const ISSUER = 'research-site';
export const AUDIENCE = 'research-site-spa';
const ALGORITHM = 'HS256';
/** Access tokens live minutes; the SPA refreshes them on a 401. */
export const ACCESS_TOKEN_SECONDS = 5 * 60;

export type TokenType = 'access' | 'refresh';

export interface VerifiedToken {
  userId: number;
  jti: string;
  /** Refresh tokens only: the rotation family they belong to. */
  family?: string;
  exp: number;
}

const keyCache = new Map<string, Uint8Array>();
function key(secret: string): Uint8Array {
  let k = keyCache.get(secret);
  if (!k) {
    k = new TextEncoder().encode(secret);
    keyCache.set(secret, k);
  }
  return k;
}

export async function signToken(
  secret: string,
  type: TokenType,
  userId: number,
  lifetimeSeconds: number,
  extra: { family?: string; jti?: string; issuedAt?: number } = {},
): Promise<{ token: string; jti: string; exp: number }> {
  const jti = extra.jti ?? crypto.randomUUID();
  const now = extra.issuedAt ?? Math.floor(Date.now() / 1000);
  const exp = now + lifetimeSeconds;
  const token = await new SignJWT({ typ: type, ...(extra.family ? { fam: extra.family } : {}) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(key(secret));
  return { token, jti, exp };
}

/** Verifies signature, algorithm, issuer, audience, expiry and the type claim; undefined when any fails. */
export async function verifyToken(secret: string, type: TokenType, token: string): Promise<VerifiedToken | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload.sub);
    if (payload.typ !== type || !Number.isInteger(userId) || typeof payload.jti !== 'string' || typeof payload.exp !== 'number') {
      return undefined;
    }
    return { userId, jti: payload.jti, exp: payload.exp, family: typeof payload.fam === 'string' ? payload.fam : undefined };
  } catch {
    return undefined;
  }
}
