import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { fieldMessage } from '@/lib/api/errors';
import { Button, FormAlert, type FormMessage, NEW_PASSWORD_HINT, PasswordField, useFields } from '@/ui';

import { useResetPasswordMutation } from './authApi';
import { AuthForm, AuthLayout, FormLinks, SubmitRow } from './AuthLayout';
import { messages } from './messages';

/** How long the success message stays before the move to sign-in. */
export const RESET_REDIRECT_MS = 3000;

/** Choose a new password from the emailed link /reset-password/{uidb64}/{token}. */
export function ResetPasswordPage() {
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { fields, bind } = useFields({ new_password: '', new_password2: '' });
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return undefined;
    const timer = window.setTimeout(() => navigate(paths.signin), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading || done) return;
    if (fields.new_password !== fields.new_password2) {
      setMessage({ tone: 'error', text: messages.passwordMismatch });
      return;
    }
    setMessage(null);
    try {
      const { detail } = await resetPassword({ uidb64, token, ...fields }).unwrap();
      setDone(true);
      setMessage({ tone: 'success', text: detail });
    } catch (error) {
      // The server's own words first: an expired link, or a password its policy refuses.
      const text = fieldMessage(error, ['detail', 'new_password', 'new_password2', 'non_field_errors']) ?? messages.resetFailed;
      setMessage({ tone: 'error', text });
    }
  }

  return (
    <AuthLayout title="Reset password" intro="Choose a new password for your account.">
      <FormAlert message={message}>{done && 'You will be taken to the sign-in page in a moment.'}</FormAlert>
      <AuthForm onSubmit={onSubmit}>
        <PasswordField label="New password" autoComplete="new-password" required hint={NEW_PASSWORD_HINT} {...bind('new_password')} disabled={done} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required {...bind('new_password2')} disabled={done} />
        <SubmitRow>
          <Button type="submit" disabled={isLoading || done}>
            Reset Password
          </Button>
        </SubmitRow>
      </AuthForm>
      <FormLinks>
        <Link to={paths.forgotPassword}>Request a new link</Link>
        <Link to={paths.signin}>Back to sign in</Link>
      </FormLinks>
    </AuthLayout>
  );
}
