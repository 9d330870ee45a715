import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import type { LoginResponse } from '@/contract';
import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { paths } from '@/contract/paths';
import { PASSKEY_REQUIRED, RECOVERY_CODE_MAX } from '@/contract/signInRules';
import { errorCode, errorDetail, isNetworkError } from '@/lib/api/errors';
import { useHydrated } from '@/lib/hydration';
import { useAuth } from '@/lib/session/AuthProvider';
import { returnPath } from '@/lib/session/returnPath';
import { theme } from '@/lib/theme/themes';
import { tokenStorage } from '@/lib/tokens';
import { Alert, Button, CheckboxField, FormAlert, type FormMessage, PasswordField, SubmitButton, TextField, useFields } from '@/ui';

import { useLoginMutation } from './authApi';
import { AuthForm, AuthLayout, FormLinks, SubmitRow } from './AuthLayout';
import { messages } from './messages';
import { usePasskeySignIn } from './usePasskeySignIn';

/** "or" between the password form and the passkey button, with a rule either side. */
const Or = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  margin: ${theme.space[4]} 0;
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${theme.colors.border};
  }
`;

/** Sign in at /login and /signin: with the password (and, for staff who must use a passkey but lost it, a recovery code), or with a passkey. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useAuth();
  const [signIn, { isLoading }] = useLoginMutation();
  const { fields, bind } = useFields({ email: '', password: '', recovery_code: '' });
  const [remember, setRemember] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  // Shown once the server says this staff member must use a passkey.
  const [askRecoveryCode, setAskRecoveryCode] = useState(false);
  const hydrated = useHydrated();

  async function signedIn(session: LoginResponse, rememberSession: boolean) {
    await login(session);
    if (rememberSession) tokenStorage.remember(session.refresh);
    navigate(returnPath(location.state), { replace: true });
  }
  const passkey = usePasskeySignIn(remember, signedIn);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setMessage(null);
    passkey.clearFailure();
    const recoveryCode = askRecoveryCode ? fields.recovery_code.trim() : '';
    try {
      const session = await signIn({
        email: fields.email.trim(),
        password: fields.password,
        ...(remember ? { remember: true } : {}),
        ...(recoveryCode ? { recovery_code: recoveryCode } : {}),
      }).unwrap();
      await signedIn(session, remember);
    } catch (error) {
      if (errorCode(error) === PASSKEY_REQUIRED) setAskRecoveryCode(true);
      const text = isNetworkError(error) ? messages.network : (errorDetail(error) ?? messages.loginFailed);
      setMessage({ tone: 'error', text });
    }
  }

  function onPasskey() {
    setMessage(null);
    void passkey.signInWithPasskey();
  }

  const shown = passkey.failure ?? message;

  return (
    <AuthLayout title="Sign in" intro="Welcome back. Sign in with the email address you registered with.">
      {searchParams.get('registrationSuccess') === 'true' && !message && <Alert tone="success">{messages.registered}</Alert>}
      {searchParams.get('session') === 'ended' && !message && <Alert tone="info">{messages.sessionEnded}</Alert>}
      <FormAlert message={shown} />
      <AuthForm onSubmit={onSubmit}>
        {/* "webauthn": the browser may offer the site's passkeys in this field's suggestions. */}
        <TextField label="Email" type="email" autoComplete="email webauthn" required maxLength={FIELD_LIMITS.email} {...bind('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...bind('password')} />
        {askRecoveryCode && (
          <TextField
            label="Recovery code"
            hint="If you have lost your passkeys: one of the recovery codes you saved. Each works once."
            autoComplete="one-time-code"
            spellCheck={false}
            maxLength={RECOVERY_CODE_MAX}
            {...bind('recovery_code')}
          />
        )}
        <CheckboxField label="Remember me" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <SubmitRow>
          <SubmitButton busy={isLoading} busyText="Signing in...">
            Sign in
          </SubmitButton>
        </SubmitRow>
      </AuthForm>
      <Or>or</Or>
      <SubmitRow>
        <Button $variant="secondary" disabled={!hydrated || passkey.pending} onClick={onPasskey}>
          {passkey.pending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
        </Button>
      </SubmitRow>
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
