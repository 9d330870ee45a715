import crypto from 'node:crypto';

/** How long a signed link in the staff document list stays valid. */
const LINK_HOURS = 12;

/**
 * Staff download links carry an expiring HMAC signature, so that a plain link in the staff
 * screen works although the API itself authenticates with a bearer header. The signature
 * covers the document id and its storage key: a replaced or deleted file's links die with it.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('document-download-links').digest();
  }

  static path(id: number): string {
    return `/api/documents/documents/${id}/download/`;
  }

  /** Expiry rounded to the hour, so that a list fetched twice within the hour gives the same links. */
  signed(id: number, fileKey: string, now = Date.now()): string {
    const expires = (Math.floor(now / 3_600_000) + 1 + LINK_HOURS) * 3600;
    return `${DownloadLinks.path(id)}?expires=${expires}&signature=${this.sign(id, fileKey, expires)}`;
  }

  verify(id: number, fileKey: string, expires: string | undefined, signature: string | undefined, now = Date.now()): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 < now) return false;
    const expected = Buffer.from(this.sign(id, fileKey, Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  private sign(id: number, fileKey: string, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${id}\n${fileKey}\n${expires}`).digest('base64url');
  }
}
