import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { errorDetail, isNetworkError } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { useAuth } from '@/lib/session/AuthProvider';
import { returnPath } from '@/lib/session/returnPath';
import { tokenStorage } from '@/lib/tokens';
import { Alert, Button, CheckboxField, FormAlert, type FormMessage, PasswordField, TextField, useFields } from '@/ui';

import { useLoginMutation } from './authApi';
import { AuthForm, AuthLayout, FormLinks, SubmitRow } from './AuthLayout';
import { messages } from './messages';

/** Sign in at /login and /signin. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useAuth();
  const [signIn, { isLoading }] = useLoginMutation();
  const { fields, bind } = useFields({ email: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setMessage(null);
    try {
      const session = await signIn({ email: fields.email.trim(), password: fields.password, ...(remember ? { remember: true } : {}) }).unwrap();
      await login(session);
      if (remember) tokenStorage.remember(session.refresh);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      const text = isNetworkError(error) ? messages.network : (errorDetail(error) ?? messages.loginFailed);
      setMessage({ tone: 'error', text });
    }
  }

  return (
    <AuthLayout title="Sign in" intro="Welcome back. Sign in with the email address you registered with.">
      {searchParams.get('registrationSuccess') === 'true' && !message && <Alert tone="success">{messages.registered}</Alert>}
      {searchParams.get('session') === 'ended' && !message && <Alert tone="info">{messages.sessionEnded}</Alert>}
      <FormAlert message={message} />
      <AuthForm onSubmit={onSubmit}>
        <TextField label="Email" type="email" autoComplete="email" required maxLength={FIELD_LIMITS.email} {...bind('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...bind('password')} />
        <CheckboxField label="Remember me" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <SubmitRow>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Signing in...' : 'Sign in'}
          </Button>
        </SubmitRow>
      </AuthForm>
      <FormLinks>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
        <span>
          No account yet? <Link to={paths.register}>Sign up</Link>
        </span>
      </FormLinks>
      <FormLinks>
        <Link to={paths.home}>← Back to home</Link>
      </FormLinks>
    </AuthLayout>
  );
}
