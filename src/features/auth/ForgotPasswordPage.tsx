import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';

import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { paths } from '@/contract/paths';
import { Button, FormAlert, type FormMessage, TextField, useFields } from '@/ui';

import { useForgotPasswordMutation } from './authApi';
import { AuthForm, AuthLayout, FormLinks, SubmitRow } from './AuthLayout';
import { messages } from './messages';

/** Ask for a password reset link; the form locks once the request is sent. */
export function ForgotPasswordPage() {
  const [requestReset, { isLoading }] = useForgotPasswordMutation();
  const { fields, bind } = useFields({ email: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading || sent) return;
    setMessage(null);
    try {
      const { detail } = await requestReset({ email: fields.email.trim() }).unwrap();
      setSent(true);
      setMessage({ tone: 'success', text: detail });
    } catch {
      setMessage({ tone: 'error', text: messages.forgotFailed });
    }
  }

  return (
    <AuthLayout title="Forgot password" intro="Enter the email address you registered with and I will send you a link to choose a new password.">
      <FormAlert message={message} />
      <AuthForm onSubmit={onSubmit}>
        <TextField label="Email" type="email" autoComplete="email" required maxLength={FIELD_LIMITS.email} {...bind('email')} disabled={sent} />
        <SubmitRow>
          <Button type="submit" disabled={isLoading || sent}>
            Send Password Reset Link
          </Button>
        </SubmitRow>
      </AuthForm>
      <FormLinks>
        <Link to={paths.signin}>Back to sign in</Link>
        <Link to={paths.home}>← Back to home</Link>
      </FormLinks>
    </AuthLayout>
  );
}
