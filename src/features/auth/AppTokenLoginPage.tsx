import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { removeAppTokenFromAddressBar, takeCapturedAppToken } from '@/lib/appToken';
import { useAuth } from '@/lib/session/AuthProvider';
import { LoadingText, Muted } from '@/ui';

import { type TokenLoginError, useLoginWithTokenMutation } from './authApi';
import { AuthLayout, FormLinks } from './AuthLayout';
import { messages } from './messages';

function isHttpFailure(error: unknown): error is TokenLoginError & { status: number } {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/**
 * The page a native wrapper opens as /app-login?token=...:
 * the token is posted once, and the visitor lands on /welcome or /login-failed.
 */
export function AppTokenLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login } = useAuth();
  const [loginWithToken] = useLoginWithTokenMutation();
  const started = useRef(false);
  const [missing, setMissing] = useState(false);

  useLayoutEffect(() => {
    // The token is single use: never post it twice, even when effects run twice in development.
    if (started.current) return;
    started.current = true;
    const token = takeCapturedAppToken() ?? new URLSearchParams(location.search).get('token');
    removeAppTokenFromAddressBar();
    if (!token) {
      window.alert(messages.noAppToken);
      setMissing(true);
      return;
    }
    void (async () => {
      try {
        const session = await loginWithToken(token).unwrap();
        if (!session?.access || !session.refresh || !session.user) throw new Error('Token login answered without a session');
        await login(session);
        navigate(paths.welcome, { replace: true });
      } catch (error) {
        if (isHttpFailure(error)) window.alert(`${messages.tokenLoginFailed}${error.status} ${error.statusText ?? ''}`.trimEnd());
        else console.warn('Token login failed', error);
        navigate(paths.loginFailed, { replace: true });
      }
    })();
  }, [location.search, loginWithToken, login, navigate]);

  if (missing) {
    return (
      <AuthLayout title="Sign in from the app">
        <Muted>This address did not carry a sign-in token. Open the site again from the app, or sign in with your email address and password.</Muted>
        <FormLinks>
          <Link to={paths.signin}>Sign in with email and password</Link>
          <Link to={paths.home}>← Back to home</Link>
        </FormLinks>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Sign in from the app">
      <LoadingText>Signing you in…</LoadingText>
    </AuthLayout>
  );
}
