import { useState } from 'react';
import styled from 'styled-components';

import type { Session } from '@/contract/accounts';
import { formatDateTime } from '@/contract/dates';
import { failureMessage } from '@/lib/api/errors';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, Card, FormAlert, type FormMessage, hiddenHeading, LoadingText, Muted, Row, Table } from '@/ui';

import { describeDevice } from './formatting';
import { useGetSessionsQuery, useRevokeAllSessionsMutation, useRevokeSessionMutation } from './profileApi';

const Badge = styled.span`
  display: inline-block;
  margin-left: ${theme.space[2]};
  padding: 0 ${theme.space[2]};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.successSurface};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
`;

const ActionCell = styled.td`
  white-space: nowrap;
  text-align: right;
`;

const Footer = styled(Row)`
  justify-content: space-between;
  margin-top: ${theme.space[5]};
`;

const FooterNote = styled(Muted)`
  margin: 0;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
`;

interface Props {
  /** Ends this browser's own session: local sign-out plus revocation on the server. */
  onSignOutHere: () => void;
  /** Called once every session, this one included, has been revoked on the server. */
  onSignedOutEverywhere: () => void;
}

/** Every browser signed in to the account, each with its own sign-out, and a sign-out-everywhere. */
export function SessionsList({ onSignOutHere, onSignedOutEverywhere }: Props) {
  const sessions = useGetSessionsQuery();
  const [revoke, revoking] = useRevokeSessionMutation();
  const [revokeAll, revokingAll] = useRevokeAllSessionsMutation();
  const [message, setMessage] = useState<FormMessage | null>(null);

  async function signOut(session: Session) {
    if (session.current) {
      onSignOutHere();
      return;
    }
    setMessage(null);
    try {
      await revoke(session.id).unwrap();
      setMessage({ tone: 'success', text: `Signed out ${describeDevice(session.user_agent)}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to sign out that session.', error) });
    }
  }

  async function signOutEverywhere() {
    setMessage(null);
    try {
      await revokeAll().unwrap();
      onSignedOutEverywhere();
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage('Failed to sign out everywhere.', error) });
    }
  }

  const busy = revoking.isLoading || revokingAll.isLoading;
  return (
    <Card aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in sessions</h2>
      <Muted>Each browser or app you have signed in with. If you do not recognise one, sign it out and change your password.</Muted>
      <FormAlert message={message} />
      {sessions.isLoading && <LoadingText>Loading sessions...</LoadingText>}
      {sessions.isError && <Alert tone="error">Failed to load your sessions. Please reload the page.</Alert>}
      {sessions.data && (
        <Table columns={['Device', 'IP address', 'Signed in', 'Last active', hiddenHeading('Actions')]}>
          <tbody>
            {sessions.data.map((session) => {
              const device = describeDevice(session.user_agent);
              return (
                <tr key={session.id}>
                  <td data-label="Device" title={session.user_agent}>
                    {device}
                    {session.current && <Badge>This browser</Badge>}
                  </td>
                  <td data-label="IP address">{session.ip || '—'}</td>
                  <td data-label="Signed in">{formatDateTime(session.created_at)}</td>
                  <td data-label="Last active">{formatDateTime(session.last_used_at)}</td>
                  <ActionCell data-label="Action">
                    <Button
                      $variant="secondary"
                      $size="sm"
                      disabled={busy}
                      onClick={() => void signOut(session)}
                      aria-label={session.current ? 'Sign out of this browser' : `Sign out ${device}, last active ${formatDateTime(session.last_used_at)}`}
                    >
                      Sign out
                    </Button>
                  </ActionCell>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <Footer>
        <FooterNote>Signing out everywhere ends every session, this one included.</FooterNote>
        <Button $variant="danger" disabled={busy} onClick={() => void signOutEverywhere()}>
          {revokingAll.isLoading ? 'Signing out...' : 'Sign out everywhere'}
        </Button>
      </Footer>
    </Card>
  );
}
