import styled from 'styled-components';

import type { AdminUser } from '@/contract/admin';
import { formatDate } from '@/contract/dates';
import { formatDateTime } from '@/contract/dates';
import { theme } from '@/lib/theme/themes';
import { Button, DeleteButton, Table } from '@/ui';

import { Badge } from './Badge';
import { breakLongWords } from './breakLongWords';
import { userName } from './format';
import type { UserAction } from './useUserActions';

const Name = styled.span`
  display: block;
  font-weight: 600;
  ${breakLongWords}
`;
const Email = styled.span`
  display: block;
  color: ${theme.colors.muted};
  ${breakLongWords}
`;
const Badges = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  margin-top: ${theme.space[1]};
`;
const Notes = styled.span`
  display: block;
  max-width: 32ch;
  white-space: pre-line;
  ${breakLongWords}
`;
const None = styled.span`
  color: ${theme.colors.muted};
`;
const Actions = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(max-content, 1fr));
  gap: ${theme.space[2]};
  button {
    white-space: nowrap;
  }
  @media (max-width: ${theme.breakpoints.tablet}) {
    grid-template-columns: minmax(0, max-content);
  }
  /* On a phone a button's label wraps rather than push the card past the screen's edge. */
  @media (max-width: ${theme.breakpoints.phone}) {
    button {
      white-space: normal;
    }
  }
`;
/** As wide as the buttons above it: its own text must not widen the column. */
const SelfNote = styled.p`
  grid-column: 1 / -1;
  contain: inline-size;
  margin: 0;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;
/**
 * Between phone and desktop widths the table may be wider than the page; it scrolls on its own.
 * Positioned, so that the visually hidden button texts stay inside it instead of widening the page.
 */
const Scroller = styled.div`
  position: relative;
  overflow-x: auto;
`;

interface Props {
  users: AdminUser[];
  currentUserId: number | undefined;
  /** The site's owner alone signs other staff out everywhere. */
  viewerIsOwner: boolean;
  busyId: number | null;
  busy: boolean;
  onAction: (action: UserAction, user: AdminUser) => void;
}

function UserRow({
  user,
  isSelf,
  isBusy,
  viewerIsOwner,
  onAction,
}: {
  user: AdminUser;
  isSelf: boolean;
  isBusy: boolean;
  viewerIsOwner: boolean;
  onAction: Props['onAction'];
}) {
  const name = userName(user);
  const selfNoteId = `admin-self-${user.id}`;
  const ownerNoteId = `admin-owner-${user.id}`;
  // Staff cannot lock themselves out: their own staff right, active state and account are kept.
  // Nobody but the owner acts on the owner's account.
  const ownerProtected = user.is_owner && !isSelf;
  const selfProtected = isSelf
    ? { disabled: true, 'aria-describedby': selfNoteId }
    : ownerProtected
      ? { disabled: true, 'aria-describedby': ownerNoteId }
      : { disabled: isBusy };
  return (
    <tr aria-busy={isBusy || undefined}>
      <td data-label="User">
        <span>
          <Name>{name}</Name>
          {name !== user.email && <Email>{user.email}</Email>}
          <Badges>
            {user.is_owner && <Badge $tone="accent">Owner</Badge>}
            {user.is_staff ? <Badge $tone="accent">Staff</Badge> : <Badge $tone="neutral">Member</Badge>}
            {user.is_active ? <Badge $tone="success">Active</Badge> : <Badge $tone="danger">Deactivated</Badge>}
            {isSelf && <Badge $tone="neutral">You</Badge>}
          </Badges>
        </span>
      </td>
      <td data-label="Joined">
        <time dateTime={user.date_joined}>{formatDate(user.date_joined)}</time>
      </td>
      <td data-label="Last login">
        {user.last_login ? (
          <time dateTime={user.last_login} title={formatDateTime(user.last_login)}>
            {formatDate(user.last_login)}
          </time>
        ) : (
          <None>Never</None>
        )}
      </td>
      <td data-label="Interest notes">{user.interest_notes ? <Notes>{user.interest_notes}</Notes> : <None>None</None>}</td>
      <td data-label="Actions">
        <Actions>
          {user.is_staff ? (
            <Button $variant="secondary" $size="sm" {...selfProtected} onClick={() => onAction('withdrawStaff', user)}>
              Withdraw staff<span className="visually-hidden"> from {name}</span>
            </Button>
          ) : (
            <Button $variant="secondary" $size="sm" disabled={isBusy} onClick={() => onAction('grantStaff', user)}>
              Grant staff<span className="visually-hidden"> to {name}</span>
            </Button>
          )}
          {user.is_active ? (
            <Button $variant="secondary" $size="sm" {...selfProtected} onClick={() => onAction('deactivate', user)}>
              Deactivate<span className="visually-hidden"> {name}</span>
            </Button>
          ) : (
            <Button $variant="secondary" $size="sm" disabled={isBusy} onClick={() => onAction('activate', user)}>
              Activate<span className="visually-hidden"> {name}</span>
            </Button>
          )}
          {(!user.is_staff || viewerIsOwner) && (
            <Button $variant="secondary" $size="sm" {...selfProtected} onClick={() => onAction('signOut', user)}>
              Sign out everywhere<span className="visually-hidden"> ({name})</span>
            </Button>
          )}
          <DeleteButton name={name} {...selfProtected} onClick={() => onAction('delete', user)} />
          {isSelf && (
            <SelfNote id={selfNoteId}>
              This is your account: you cannot withdraw your own staff access, deactivate or delete yourself here. Your sign-ins are on your profile.
            </SelfNote>
          )}
          {ownerProtected && <SelfNote id={ownerNoteId}>This is the site’s owner: only the owner can change this account.</SelfNote>}
        </Actions>
      </td>
    </tr>
  );
}

/** One page of users with their status, dates, notes and the staff actions on them. */
export function UsersTable({ users, currentUserId, viewerIsOwner, busyId, busy, onAction }: Props) {
  return (
    <Scroller>
      <Table aria-busy={busy || undefined} caption="Users" columns={['User', 'Joined', 'Last login', 'Interest notes', 'Actions']}>
        <tbody>
          {users.map((user) => (
            <UserRow
              key={user.id}
              user={user}
              isSelf={user.id === currentUserId}
              isBusy={busyId === user.id}
              viewerIsOwner={viewerIsOwner}
              onAction={onAction}
            />
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}
