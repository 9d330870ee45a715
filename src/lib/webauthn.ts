/**
 * Passkeys in the browser. The WebAuthn library is loaded on demand, in a chunk of its own, by the
 * screens that use it (sign-in, profile): no other page's scripts grow with it.
 */
export const loadWebAuthn = () => import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');

/** Whether this browser knows WebAuthn at all; asked without loading the library. */
export const browserSupportsPasskeys = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Whether the browser offers passkeys in the email field's autofill (conditional mediation), so the
 * sign-in screen can wait for one there; asked without loading the library.
 */
export async function browserOffersPasskeyAutofill(): Promise<boolean> {
  if (!browserSupportsPasskeys()) return false;
  const credential = window.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> };
  try {
    return (await credential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

export const PASSKEY_MESSAGES = {
  unsupported: 'This browser cannot use passkeys.',
  cancelled: 'The passkey request was cancelled or timed out.',
  alreadyRegistered: 'This device already holds a passkey for your account.',
} as const;

/**
 * What to tell the person when the browser's part of a passkey ceremony failed: nothing when the
 * page itself cancelled it (a new request replaced it, or the screen closed), else why.
 */
export function ceremonyFailure(error: unknown): string | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return null;
  if (name === 'NotAllowedError') return PASSKEY_MESSAGES.cancelled;
  if (name === 'InvalidStateError') return PASSKEY_MESSAGES.alreadyRegistered;
  if (name === 'NotSupportedError') return PASSKEY_MESSAGES.unsupported;
  return error instanceof Error && error.message ? `Your browser could not use a passkey: ${error.message}` : PASSKEY_MESSAGES.cancelled;
}
