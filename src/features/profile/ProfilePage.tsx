import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { useSignOut } from '@/lib/session/useSignOut';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, Columns, LoadingText, Muted, Page, Row, Stack } from '@/ui';

import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount } from './DeleteAccount';
import { FollowCard } from './FollowCard';
import { PasskeysCard } from './PasskeysCard';
import { useGetProfileQuery } from './profileApi';
import { ProfileDetails } from './ProfileDetails';
import { SessionsList } from './SessionsList';

const Header = styled(Row)`
  justify-content: space-between;
  align-items: flex-start;
  h1 {
    margin-bottom: ${theme.space[2]};
  }
  p {
    margin: 0;
  }
`;

/** The signed-in user's own page (/profile): details, password, passkeys, following the research, sessions, sign out, deletion. */
export function ProfilePage() {
  const signOutTo = useSignOut();
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
            <Columns $min="420px">
              <ProfileDetails user={profile.data} />
              <ChangePasswordForm />
            </Columns>
            <PasskeysCard withRecoveryCodes={profile.data.is_staff} />
            <FollowCard />
            <SessionsList onSignOutHere={() => signOutTo(paths.home)} onSignedOutEverywhere={() => signOutTo(paths.signin)} />
            <DeleteAccount onDeleted={() => signOutTo(paths.home)} />
          </>
        )}
      </Stack>
    </Page>
  );
}
