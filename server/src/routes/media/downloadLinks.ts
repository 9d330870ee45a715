import crypto from 'node:crypto';

import { DOWNLOAD_LINK_MINUTES } from '../../../contract/signInRules';

/** The parts of a signed link's query string. */
export interface LinkQuery {
  session?: string;
  expires?: string;
  signature?: string;
}

/**
 * Staff download links carry an expiring HMAC signature, so that a plain link in the staff
 * screen works although the API itself authenticates with a bearer header. The signature
 * covers the document id and its storage key (a replaced or deleted file's links die with it)
 * and the sign-in that asked for the link: the download checks that this sign-in is still live
 * and still staff, so a link dies when its maker signs out, is signed out or loses staff rights.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('document-download-links').digest();
  }

  static path(id: number): string {
    return `/api/documents/documents/${id}/download/`;
  }

  /** Expiry rounded up to the minute, so that a list fetched twice within the minute gives the same links. */
  signed(id: number, fileKey: string, sessionId: number, now = Date.now()): string {
    const expires = (Math.floor(now / 60_000) + 1 + DOWNLOAD_LINK_MINUTES) * 60;
    return `${DownloadLinks.path(id)}?session=${sessionId}&expires=${expires}&signature=${this.sign(id, fileKey, sessionId, expires)}`;
  }

  /** The sign-in that made the link, when the link is genuine and unexpired; whether it is still live is the caller's to check. */
  sessionOf(id: number, fileKey: string, query: LinkQuery, now = Date.now()): number | undefined {
    const { session, expires, signature } = query;
    if (!session || !expires || !signature || !/^\d{1,12}$/.test(session) || !/^\d{1,12}$/.test(expires)) return undefined;
    if (Number(expires) * 1000 < now) return undefined;
    const expected = Buffer.from(this.sign(id, fileKey, Number(session), Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? Number(session) : undefined;
  }

  private sign(id: number, fileKey: string, sessionId: number, expires: number): string {
    return crypto.createHmac('sha256', this.key).update(`${id}\n${fileKey}\n${sessionId}\n${expires}`).digest('base64url');
  }
}
