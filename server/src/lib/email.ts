export const EMAIL_MAX_LENGTH = 254;

// The WHATWG rule for <input type=email>, plus a dot in the domain: what a browser accepts, and deliverable.
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The account key: one account per address whatever its letter case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The mailbox an address delivers to, for counting what is sent to it: `Ada+news@Example.org` and
 * `ada@example.org` are one (a `+tag` reaches the same inbox at every large provider).
 */
export function mailboxOf(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  const plus = normalized.indexOf('+');
  return plus > 0 && plus < at ? normalized.slice(0, plus) + normalized.slice(at) : normalized;
}

/** The address as kept for display: as typed, with the domain lower-cased (as Django does). */
export function cleanEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}
