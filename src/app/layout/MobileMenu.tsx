import { Link } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';
import { theme } from '@/lib/theme/themes';

import { AccountItems, menuRows } from './AccountItems';
import type { NavItem } from './navLinks';
import { NavList } from './NavList';

const Panel = styled.nav`
  position: fixed;
  inset: ${theme.topBarHeight} 0 auto;
  max-height: calc(100vh - ${theme.topBarHeight});
  overflow-y: auto;
  padding: ${theme.space[4]};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  ul {
    flex-direction: column;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  p {
    margin: ${theme.space[3]} 0 0;
    padding: ${theme.space[4]} ${theme.space[3]} ${theme.space[1]};
    border-top: 1px solid ${theme.colors.border};
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }
  ${menuRows}
  @media (min-width: calc(${theme.breakpoints.tablet} + 1px)) {
    display: none;
  }
`;

interface Props {
  id: string;
  open: boolean;
  links: NavItem[];
  /** Signed in: the name shown above the account links; null when signed out. */
  account: string | null;
  isLoading: boolean;
  isStaff: boolean;
  onNavigate: () => void;
  onSignOut: () => void;
}

/** The phone menu: the site links, then the account links; following a link closes it. */
export function MobileMenu({ id, open, links, account, isLoading, isStaff, onNavigate, onSignOut }: Props) {
  return (
    <Panel id={id} aria-label="Mobile" hidden={!open}>
      <NavList links={links} onNavigate={onNavigate} />
      <p>{isLoading ? 'Loading' : (account ?? 'Account')}</p>
      {!isLoading && (
        <ul>
          {account !== null ? (
            <AccountItems isStaff={isStaff} onNavigate={onNavigate} onSignOut={onSignOut} />
          ) : (
            <>
              <li>
                <Link to={paths.login} onClick={onNavigate}>
                  Login
                </Link>
              </li>
              <li>
                <Link to={paths.register} onClick={onNavigate}>
                  Register
                </Link>
              </li>
            </>
          )}
        </ul>
      )}
    </Panel>
  );
}
