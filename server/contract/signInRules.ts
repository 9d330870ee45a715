/** Rules of signing in that the SPA shares: plain values, so the SPA can import them without TypeBox. */

/** Characters of a passkey's name. */
export const PASSKEY_NAME_MAX = 60;

/**
 * The `code` of a password sign-in refused because this staff member must use a passkey (and of a
 * wrong recovery code offered instead): the sign-in screen then asks for a recovery code.
 */
export const PASSKEY_REQUIRED = 'passkey_required';

/** Characters of a recovery code as typed (a code is 19, spaces and all, but people add their own). */
export const RECOVERY_CODE_MAX = 64;

/** Minutes a staff download link (a document's `download_url`) works, and only while the sign-in that made it lasts. */
export const DOWNLOAD_LINK_MINUTES = 10;
