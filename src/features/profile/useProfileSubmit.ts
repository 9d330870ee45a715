import { type FormEvent, useState } from 'react';

import { failureMessage, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import type { FormMessage } from '@/ui';

interface Options {
  /** True while a submit is under way: another is ignored. */
  busy: boolean;
  /** What a refused submit says, before the server's message for the first of `fields` it sent. */
  failure: string;
  fields: readonly string[];
  /** A problem found before anything is sent. */
  check?: () => string | null;
  /** Sends the form; answers what to say once it succeeded, or null for nothing. */
  send: () => Promise<FormMessage | null>;
}

/** The submit handler of a profile form and the message it shows. */
export function useProfileSubmit({ busy, failure, fields, check, send }: Options) {
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = check?.();
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setMessage(null);
    try {
      setMessage(await send());
    } catch (error) {
      setMessage({ tone: 'error', text: isNetworkError(error) ? NETWORK_ERROR_MESSAGE : failureMessage(failure, error, fields) });
    }
  }

  return { message, setMessage, onSubmit };
}
