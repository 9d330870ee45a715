import { useCallback, useEffect, useRef, useState } from 'react';

import type { LoginResponse } from '@/contract';
import type { PasskeySignIn } from '@/contract/passkeys';
import { errorDetail, isNetworkError } from '@/lib/api/errors';
import { browserOffersPasskeyAutofill, browserSupportsPasskeys, ceremonyFailure, loadWebAuthn, PASSKEY_MESSAGES } from '@/lib/webauthn';
import type { FormMessage } from '@/ui';

import { usePasskeySignInMutation, usePasskeySignInOptionsMutation } from './authApi';
import { messages } from './messages';

type Library = Awaited<ReturnType<typeof loadWebAuthn>>;

/**
 * Signing in with a passkey, two ways: the button asks the browser for any passkey of the site
 * (`signInWithPasskey`), and where the browser offers passkeys in the email field's autofill
 * (conditional UI) a request waits there from the moment the screen is ready, and again after
 * each attempt. `onSignedIn` gets the session and whether to remember it; failures come back as
 * `failure`, the form's message.
 */
export function usePasskeySignIn(remember: boolean, onSignedIn: (session: LoginResponse, remember: boolean) => Promise<void>) {
  const [getOptions] = usePasskeySignInOptionsMutation();
  const [signIn] = usePasskeySignInMutation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<FormMessage | null>(null);
  const fail = (text: string) => setFailure({ tone: 'error', text });
  // A waiting autofill request may answer long after it started: it uses the checkbox as it is then.
  const rememberNow = useRef(remember);
  rememberNow.current = remember;
  const signedInRef = useRef(onSignedIn);
  signedInRef.current = onSignedIn;
  // Each change starts a new waiting request in the email field.
  const [autofillRound, setAutofillRound] = useState(0);

  const finish = useCallback(
    async (credential: PasskeySignIn['credential']) => {
      setPending(true);
      try {
        const session = await signIn({ credential, ...(rememberNow.current ? { remember: true } : {}) }).unwrap();
        await signedInRef.current(session, rememberNow.current);
      } catch (error) {
        fail(isNetworkError(error) ? messages.network : (errorDetail(error) ?? messages.passkeyFailed));
        setAutofillRound((round) => round + 1);
      } finally {
        setPending(false);
      }
    },
    [signIn],
  );

  /** The browser's answer, or null when the person cancelled or the page replaced the request. */
  const ask = useCallback(
    async (library: Library, autofill: boolean): Promise<PasskeySignIn['credential'] | null> => {
      const optionsJSON = await getOptions().unwrap();
      try {
        return await library.startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      } catch (error) {
        const text = ceremonyFailure(error);
        if (text && !autofill) fail(text);
        return null;
      }
    },
    [getOptions],
  );

  useEffect(() => {
    let active = true;
    let library: Library | undefined;
    void (async () => {
      if (!(await browserOffersPasskeyAutofill())) return;
      library = await loadWebAuthn();
      if (!active) return;
      const credential = await ask(library, true);
      if (active && credential) await finish(credential);
    })().catch(() => {
      // The autofill is an offer: when it cannot be set up, the button still works.
    });
    return () => {
      active = false;
      library?.WebAuthnAbortService.cancelCeremony();
    };
  }, [ask, finish, autofillRound]);

  const signInWithPasskey = useCallback(async () => {
    setFailure(null);
    if (!browserSupportsPasskeys()) {
      fail(PASSKEY_MESSAGES.unsupported);
      return;
    }
    setPending(true);
    try {
      // Asking again cancels the request waiting in the email field.
      const credential = await ask(await loadWebAuthn(), false);
      if (credential) await finish(credential);
      else setAutofillRound((round) => round + 1);
    } catch (error) {
      fail(isNetworkError(error) ? messages.network : (errorDetail(error) ?? messages.passkeyFailed));
      setAutofillRound((round) => round + 1);
    } finally {
      setPending(false);
    }
  }, [ask, finish]);

  return { signInWithPasskey, pending, failure, clearFailure: () => setFailure(null) };
}
