import { useState } from 'react';
import styled from 'styled-components';

import { formatDateTime } from '@/contract/dates';
import { failureMessage } from '@/lib/api/errors';
import { Alert, LoadingText, Muted, Table } from '@/ui';

import { useGetAuditLogQuery } from './adminApi';
import { actionPhrase } from './auditActions';
import { breakLongWords } from './breakLongWords';
import { Pager } from './Pager';

export const AUDIT_PAGE_SIZE = 25;

/** A moment stays on one line: it is short, and broken up it pushed rows to five lines. */
const When = styled.time`
  white-space: nowrap;
`;
const Wrap = styled.span`
  ${breakLongWords}
`;

/** The staff audit log, newest first: who did what to what, and when. */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  // Other staff screens write lines too, so every visit asks for the latest.
  const audit = useGetAuditLogQuery({ page, page_size: AUDIT_PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const data = audit.data;
  return (
    <section aria-labelledby="admin-audit-heading">
      <h2 id="admin-audit-heading">Audit log</h2>
      <Muted>Every action staff take on users, documents, photos and galleries, newest first.</Muted>
      {audit.isError && <Alert tone="error">{failureMessage('Failed to load the audit log.', audit.error)}</Alert>}
      {audit.isLoading && <LoadingText>Loading audit log...</LoadingText>}
      {data && data.count === 0 && <Muted>No staff actions recorded yet.</Muted>}
      {data && data.results.length > 0 && (
        <>
          <Table aria-busy={audit.isFetching || undefined} caption="Audit log" columns={['When', 'Staff member', 'Action', 'Subject', 'Details']}>
            <tbody>
              {data.results.map((line) => (
                <tr key={line.id}>
                  <td data-label="When">
                    <When dateTime={line.at}>{formatDateTime(line.at)}</When>
                  </td>
                  <td data-label="Staff member">
                    <Wrap>{line.actor_email}</Wrap>
                  </td>
                  <td data-label="Action">{actionPhrase(line.action)}</td>
                  <td data-label="Subject">
                    <Wrap>{line.subject}</Wrap>
                  </td>
                  <td data-label="Details">{line.details ? <Wrap>{line.details}</Wrap> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager label="Audit log" noun="entries" page={page} pageSize={AUDIT_PAGE_SIZE} count={data.count} onPage={setPage} />
        </>
      )}
    </section>
  );
}
