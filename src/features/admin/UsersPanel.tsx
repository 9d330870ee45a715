import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';

import { FIELD_LIMITS } from '@/contract/fieldLimits';
import { failureMessage } from '@/lib/api/errors';
import { useAuth } from '@/lib/session/AuthProvider';
import { theme } from '@/lib/theme/themes';
import { Alert, Button, FieldFrame, FormAlert, Input, LoadingText, Muted } from '@/ui';

import { useGetAdminUsersQuery, useGetSignInSecurityQuery } from './adminApi';
import { pageCount, Pager } from './Pager';
import { UsersTable } from './UsersTable';
import { useUserActions } from './useUserActions';

export const USERS_PAGE_SIZE = 20;

const SearchRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  > input {
    flex: 1 1 14rem;
    width: auto;
  }
`;

/** Find users, page through them, and act on one at a time. */
export function UsersPanel() {
  const { user: me } = useAuth();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const users = useGetAdminUsersQuery({ search, page, page_size: USERS_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const actions = useUserActions();
  // Says whether this staff member is the owner; until it has answered, owner-only actions stay hidden.
  const viewerIsOwner = useGetSignInSecurityQuery().data?.viewer_is_owner ?? false;
  const data = users.data;

  // After a deletion empties the last page, step back to the new last page.
  useEffect(() => {
    if (data && data.results.length === 0 && data.count > 0 && page > 1) setPage(pageCount(data.count, USERS_PAGE_SIZE));
  }, [data, page]);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    actions.clearMessage();
    setSearch(draft.trim());
    setPage(1);
  }

  function onClear() {
    actions.clearMessage();
    setDraft('');
    setSearch('');
    setPage(1);
  }

  return (
    <section aria-labelledby="admin-users-heading">
      <h2 id="admin-users-heading">Users</h2>
      <form role="search" onSubmit={onSearch}>
        <FieldFrame label="Search users" hint="Part of an email address, first name or last name.">
          {({ id, describedBy }) => (
            <SearchRow>
              <Input
                id={id}
                aria-describedby={describedBy}
                type="search"
                name="search"
                value={draft}
                maxLength={FIELD_LIMITS.userSearch}
                onChange={(event) => setDraft(event.target.value)}
              />
              <Button type="submit">Search</Button>
              {search && (
                <Button $variant="secondary" onClick={onClear}>
                  Clear search
                </Button>
              )}
            </SearchRow>
          )}
        </FieldFrame>
      </form>
      <FormAlert message={actions.message} />
      {users.isError && <Alert tone="error">{failureMessage('Failed to load users.', users.error)}</Alert>}
      {users.isLoading && <LoadingText>Loading users...</LoadingText>}
      {data && data.count === 0 && <Muted>{search ? `No users match “${search}”.` : 'No users yet.'}</Muted>}
      {data && data.results.length > 0 && (
        <>
          {search && <Muted>Results for “{search}”.</Muted>}
          <UsersTable
            viewerIsOwner={viewerIsOwner}
            users={data.results}
            currentUserId={me?.id}
            busyId={actions.busyId}
            busy={users.isFetching}
            onAction={(action, user) => void actions.run(action, user)}
          />
          <Pager label="Users" noun="users" page={page} pageSize={USERS_PAGE_SIZE} count={data.count} onPage={setPage} />
        </>
      )}
    </section>
  );
}
