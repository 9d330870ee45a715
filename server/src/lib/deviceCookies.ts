import crypto from 'node:crypto';

/** The cookie a browser gets when an account signs in from it. */
export const DEVICE_COOKIE = 'device';
/** A browser that signed in within the year is still known. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser in
 * which an account signed in before carries a random nonce, its expiry and an HMAC over them and
 * the account's normalized email. Only this server (or another instance with the same secret) makes
 * one; one taken from a browser names that browser's account only; the email itself is not in it.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('device-cookies').digest();
  }

  issue(emailNormalized: string, now = Date.now()): string {
    const nonce = crypto.randomBytes(16).toString('base64url');
    const expires = Math.floor(now / 1000) + DEVICE_COOKIE_SECONDS;
    return `${nonce}.${expires}.${this.sign(emailNormalized, nonce, expires)}`;
  }

  /** The cookie's nonce when it is one of ours, unexpired, for this account; undefined otherwise. */
  nonceFor(cookie: string | undefined, emailNormalized: string, now = Date.now()): string | undefined {
    const [nonce, expires, signature, ...rest] = (cookie ?? '').split('.');
    if (rest.length || !NONCE_PATTERN.test(nonce) || !/^\d{1,12}$/.test(expires ?? '') || !signature) return undefined;
    if (Number(expires) * 1000 < now) return undefined;
    const expected = Buffer.from(this.sign(emailNormalized, nonce, Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? nonce : undefined;
  }

  private sign(emailNormalized: string, nonce: string, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${emailNormalized}\n${nonce}\n${expires}`).digest('base64url');
  }
}
