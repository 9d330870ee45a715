import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { fieldMessage } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { Button, FormAlert, type FormMessage, PasswordField } from '@/ui';

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
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
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
    if (password !== password2) {
      setMessage({ tone: 'error', text: messages.passwordMismatch });
      return;
    }
    setMessage(null);
    try {
      const { detail } = await resetPassword({ uidb64, token, new_password: password, new_password2: password2 }).unwrap();
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
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          required
          hint="At least 8 characters; a long phrase is best."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={done}
        />
        <PasswordField
          label="Confirm new password"
          name="new_password2"
          autoComplete="new-password"
          required
          value={password2}
          onChange={(event) => setPassword2(event.target.value)}
          disabled={done}
        />
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
