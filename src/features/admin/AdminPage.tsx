import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { theme } from '@/lib/theme/themes';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { Muted, Page } from '@/ui';

import { AuditPanel } from './AuditPanel';
import { SecurityPanel } from './SecurityPanel';
import { UsersPanel } from './UsersPanel';

const Tabs = styled.nav`
  display: flex;
  gap: ${theme.space[2]};
  margin-bottom: ${theme.space[6]};
  border-bottom: 1px solid ${theme.colors.border};
  font-family: ${theme.fonts.ui};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${theme.space[4]};
    margin-bottom: -1px;
    border-bottom: 3px solid transparent;
    color: ${theme.colors.muted};
    font-weight: 600;
    text-decoration: none;
    white-space: nowrap;
  }
  /* The three tabs stay on one line at 360 px. */
  @media (max-width: ${theme.breakpoints.phone}) {
    a {
      padding: 0 ${theme.space[3]};
    }
  }
  a:hover {
    color: ${theme.colors.text};
  }
  a[aria-current='page'] {
    color: ${theme.colors.accent};
    border-bottom-color: ${theme.colors.accent};
  }
`;

/** The audit log's and sign-in settings' segments below /admin, for the nested routes. */
const auditSegment = paths.adminAudit.slice(paths.admin.length + 1);
const securitySegment = paths.adminSecurity.slice(paths.admin.length + 1);

/** The administration area (staff only, behind the staff guard): users, the audit log and how staff sign in. */
export function AdminPage() {
  useDocumentTitle('Backend Administration');
  return (
    <Page>
      <h1>Backend Administration</h1>
      <Muted>Find users, manage staff rights and accounts, review what staff have done, and choose how staff sign in.</Muted>
      <Tabs aria-label="Administration sections">
        <NavLink to={paths.admin} end>
          Users
        </NavLink>
        <NavLink to={paths.adminAudit}>Audit log</NavLink>
        <NavLink to={paths.adminSecurity}>Security</NavLink>
      </Tabs>
      <Routes>
        <Route index element={<UsersPanel />} />
        <Route path={auditSegment} element={<AuditPanel />} />
        <Route path={securitySegment} element={<SecurityPanel />} />
        <Route path="*" element={<Navigate to={paths.admin} replace />} />
      </Routes>
    </Page>
  );
}
