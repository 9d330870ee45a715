import styled from 'styled-components';

import { formatDateTime } from '@/contract/dates';
import type { FollowStatus } from '@/contract/follow';
import { useGetFollowStatusQuery } from '@/lib/api/followManageApi';
import { theme } from '@/lib/theme/themes';
import { Alert, LoadingText } from '@/ui';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${theme.space[2]} ${theme.space[4]};
  margin: ${theme.space[4]} 0 0;
  font-family: ${theme.fonts.ui};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: ${theme.breakpoints.phone}) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${theme.space[2]};
    }
  }
`;

/** The last sending in words: when, and how it went. */
function lastSend(last: FollowStatus['last_send']): string {
  if (!last) return 'Nothing sent yet.';
  const at = formatDateTime(last.at);
  if (last.outcome === 'sent') return `Sent, ${at}.`;
  if (last.outcome === 'retrying') return `Not sent, ${at}; it will be tried again. The mail server said: ${last.error}`;
  return `Failed, ${at}; it will not be tried again. The mail server said: ${last.error}`;
}

/** "12 waiting (1 account email)": account mail is sent first, so staff see whether it waits. */
function waitingMail({ waiting, waiting_account: account }: FollowStatus): string {
  return `${waiting} waiting (${account} account ${account === 1 ? 'email' : 'emails'})`;
}

/** How many follow the research by email, what mail waits, and how the last sending went. */
export function FollowersSummary() {
  const { data, isLoading, isError } = useGetFollowStatusQuery();
  if (isLoading) return <LoadingText>Loading followers...</LoadingText>;
  if (isError || !data) return <Alert tone="error">Failed to load the followers.</Alert>;
  return (
    <Figures>
      <dt>Followers</dt>
      <dd>{data.followers}</dd>
      <dt>Mail queue</dt>
      <dd>{waitingMail(data)}</dd>
      <dt>Last sending</dt>
      <dd>{lastSend(data.last_send)}</dd>
    </Figures>
  );
}
