import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

import { paths } from '@/contract/paths';

import { theme } from '../lib/theme/themes';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space[5]};
  margin: ${theme.space[2]} 0 ${theme.space[5]};
  padding: 0;
  border-bottom: 1px solid ${theme.colors.border};
  list-style: none;
  font-family: ${theme.fonts.ui};
  font-size: ${theme.fontSizes.sm};
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    margin-bottom: -1px;
    border-bottom: 2px solid transparent;
    color: ${theme.colors.muted};
    text-decoration: none;
  }
  a:hover {
    color: ${theme.colors.text};
  }
  a[aria-current='page'] {
    border-bottom-color: ${theme.colors.accent};
    color: ${theme.colors.text};
    font-weight: 600;
  }
`;

const SECTIONS = [
  { to: paths.research, label: 'Research' },
  { to: paths.talks, label: 'Talks' },
  { to: paths.teaching, label: 'Teaching' },
];

/** The pages of the owner's academic work, under the title of each: the top bar names only the first. */
export function ResearchSections() {
  return (
    <nav aria-label="Research, talks and teaching">
      <List>
        {SECTIONS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to}>{label}</NavLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
