import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { theme } from '@/lib/theme/themes';
import { Alert } from '@/ui';

import { AuthLayout, FormLinks } from './AuthLayout';

const Steps = styled.ol`
  padding-left: ${theme.space[5]};
  li {
    margin-bottom: ${theme.space[2]};
  }
`;

/** Where a failed app-token login lands: what happened and how to get in. */
export function LoginFailedPage() {
  return (
    <AuthLayout title="Sign-in failed">
      <Alert tone="error">The app could not sign you in. Its sign-in link may have expired or already been used.</Alert>
      <p>Sign-in links from the app work once and only for a few minutes. To try again:</p>
      <Steps>
        <li>Go back to the app and open the website from it again; the app fetches a fresh link.</li>
        <li>If that fails too, refresh the app or restart it, then try once more.</li>
        <li>Or sign in here with your email address and password.</li>
      </Steps>
      <FormLinks>
        <Link to={paths.signin}>Sign in with email and password</Link>
        <Link to={paths.home}>← Back to home</Link>
      </FormLinks>
    </AuthLayout>
  );
}
