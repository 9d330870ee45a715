/**
 * Following the research by email: the words both the server and the SPA use, as plain values (the
 * SPA imports them without the schema library).
 */

/** The kinds of publication a follower chooses from, in the order they are listed. */
export const FOLLOW_KINDS = ['papers', 'notes', 'talks'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

export const FOLLOW_KIND_LABELS: Record<FollowKind, string> = {
  papers: 'New papers',
  notes: 'New notes',
  talks: 'New talks',
};

export const FOLLOW_MESSAGES = {
  /** The same answer whether the address is new, waiting for its confirmation or following already. */
  requested: 'Thank you. Check your inbox: we have sent a message to that address.',
  invalidEmail: 'Enter a valid email address.',
  confirmed: 'You are following the research: you will get an email when something new is published. Every email has a link that stops them.',
  confirmInvalid: 'This confirmation link is not valid: it may have been replaced by a newer one, or the address has stopped following.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  emailUnconfirmed: 'Confirm your email address first: open the link in the message we sent when you registered.',
  saved: 'Your choices are saved.',
  stopped: 'You no longer follow the research.',
  /** Past the limits on follow requests by address alone (per client address, and from everyone in an hour). */
  tooMany: (minutes: number) => `Too many requests to follow were made just now. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

export const EMAIL_CONFIRM_MESSAGES = {
  confirmed: 'Your email address is confirmed. You can now follow the research from your profile.',
  invalid: 'The confirmation link is invalid or has expired.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  resent: 'We have sent the confirmation link again.',
  tooMany: (minutes: number) => `Too many confirmation emails were sent to this address. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
} as const;

/** What registration answers, for a new address and one that has an account alike, and what the sign-in screen says after it. */
export const REGISTERED_MESSAGE = 'Thank you. Check your email: we have sent a message to that address saying how to sign in.';
