import { memo } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

import type { NavItem } from './navLinks';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A navigation link: muted until hovered, underlined in the accent colour on the current page. */
export const NavItemLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${theme.space[3]};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.muted};
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  text-decoration: none;
  &:hover {
    color: ${theme.colors.text};
    background: ${theme.colors.surfaceAlt};
  }
  &[aria-current='page'] {
    color: ${theme.colors.text};
    text-decoration: underline 2px ${theme.colors.accent};
    text-underline-offset: 6px;
  }
`;

/**
 * The site links. Memoised: the top bar and the footer re-render when the session is decided after
 * a page is taken over, and the links (a dozen router links, each resolving its path) do not change.
 */
export const NavList = memo(function NavList({ links, onNavigate, className }: { links: NavItem[]; onNavigate?: () => void; className?: string }) {
  return (
    <List className={className}>
      {links.map(({ to, label, end }) => (
        <li key={to}>
          <NavItemLink to={to} end={end} onClick={onNavigate}>
            {label}
          </NavItemLink>
        </li>
      ))}
    </List>
  );
});
