import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { paths } from '@/lib/paths';
import { useAuth } from '@/lib/session/AuthProvider';
import { Alert, Button, LoadingText, Muted, Page, Row, Stack } from '@/ui';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';
import { ProfileDetails } from './ProfileDetails';
import { SessionsList } from './SessionsList';
import { useGetProfileQuery } from './profileApi';
import { theme } from '@/lib/theme/themes';

const Header = styled(Row)`
  justify-content: space-between;
  align-items: flex-start;
  h1 { margin-bottom: ${theme.space[2]}; }
  p { margin: 0; }
`;

/** Details and password side by side on wide screens, stacked on narrow ones. */
const Pair = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  align-items: start;
`;

/**
 * Signs out once the page has been left: signing out while still on this guarded page would
 * let the sign-in guard send the visitor to /signin instead of where they were going.
 */
function useSignOutTo(): (path: string) => void {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) void logout();
    },
    [logout],
  );
  return useCallback(
    (path: string) => {
      leaving.current = true;
      navigate(path, { replace: true });
    },
    [navigate],
  );
}

/** The signed-in user's own page (/profile): details, password, sessions, sign out, deletion. */
export function ProfilePage() {
  const signOutTo = useSignOutTo();
  const profile = useGetProfileQuery();

  return (
    <Page>
      <Stack>
        <Header>
          <div>
            <h1>Your profile</h1>
            <Muted>{profile.data?.email}</Muted>
          </div>
          <Button $variant="secondary" onClick={() => signOutTo(paths.home)}>
            Sign Out
          </Button>
        </Header>
        {profile.isLoading && <LoadingText>Loading your profile...</LoadingText>}
        {profile.isError && <Alert tone="error">Failed to load your profile. Please reload the page.</Alert>}
        {profile.data && (
          <>
            <Pair>
              <ProfileDetails user={profile.data} />
              <ChangePasswordForm />
            </Pair>
            <SessionsList onSignOutHere={() => signOutTo(paths.home)} onSignedOutEverywhere={() => signOutTo(paths.signin)} />
            <DeleteAccount onDeleted={() => signOutTo(paths.home)} />
          </>
        )}
      </Stack>
    </Page>
  );
}
