import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useAuth } from '@/lib/session/AuthProvider';
import { theme } from '@/lib/theme/themes';
import { LoadingText, Muted } from '@/ui';

import { AuthLayout } from './AuthLayout';

const Destinations = styled.ul`
  display: grid;
  gap: ${theme.space[3]};
  margin: ${theme.space[5]} 0 0;
  padding: 0;
  list-style: none;
  font-family: ${theme.fonts.ui};
  a {
    font-weight: 600;
  }
  span {
    display: block;
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }
`;

/** Where a successful app-token login lands: who is signed in, and where to go next. */
export function WelcomePage() {
  const { user, isAuthenticated, isLoading } = useAuth();

  if (isLoading) {
    return (
      <AuthLayout title="Welcome">
        <LoadingText>Loading Authentication...</LoadingText>
      </AuthLayout>
    );
  }
  if (!isAuthenticated || !user) {
    return (
      <AuthLayout title="Welcome">
        <Muted>You are not signed in at the moment.</Muted>
        <Destinations>
          <li>
            <Link to={paths.signin}>Sign in</Link>
          </li>
          <li>
            <Link to={paths.home}>Go to the home page</Link>
          </li>
        </Destinations>
      </AuthLayout>
    );
  }

  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <AuthLayout title={user.first_name ? `Welcome, ${user.first_name}` : 'Welcome'}>
      <p>
        You are signed in as <strong>{fullName || user.email}</strong>
        {fullName && <> ({user.email})</>}.
      </p>
      <Destinations>
        <li>
          <Link to={paths.home}>Home</Link>
          <span>Research interests, the CV and how to get in touch.</span>
        </li>
        <li>
          <Link to={paths.profile}>Your profile</Link>
          <span>Your details, password and signed-in sessions.</span>
        </li>
        {user.is_staff === true && (
          <li>
            <Link to={paths.dashboard}>Dashboard</Link>
            <span>Manage documents and photos.</span>
          </li>
        )}
      </Destinations>
    </AuthLayout>
  );
}
