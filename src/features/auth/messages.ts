import { REGISTERED_MESSAGE } from '@/contract/followRules';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';

/** The account screens' messages, word for word as the product defines them: tests hold them to it. */
export const messages = {
  network: NETWORK_ERROR_MESSAGE,
  loginFailed: 'Sign-in failed. Please check credentials.',
  passkeyFailed: 'Sign-in with a passkey failed. Please try again.',
  // The same after registering a new address and one that has an account (see the server's registration).
  registered: REGISTERED_MESSAGE,
  passwordMismatch: 'Passwords do not match.',
  termsRequired: 'You must agree to the Terms and Conditions to register.',
  registrationFailed: 'Registration failed. Please check your input.',
  forgotFailed: 'An unexpected error occurred. Please try again.',
  resetFailed: 'The reset link is invalid or has expired. Please try again.',
  noAppToken: 'No App Token found in URL',
  sessionEnded: 'Your session has ended. Please sign in again.',
  tokenLoginFailed: 'Token login failed, Try to refresh the browser and retry: ',
} as const;
