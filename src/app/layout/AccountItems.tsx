import { Link } from 'react-router-dom';
import { css } from 'styled-components';

import { adminBackendUrl, paths } from '@/contract/paths';
import { PathLink } from '@/lib/PathLink';
import { theme } from '@/lib/theme/themes';

/** Plain rows for the links and the Sign Out button of the account menus. */
export const menuRows = css`
  a,
  button {
    display: flex;
    align-items: center;
    width: 100%;
    min-height: 44px;
    padding: 0 ${theme.space[3]};
    border: 0;
    border-radius: ${theme.radii.sm};
    background: none;
    color: ${theme.colors.text};
    font: ${theme.fontSizes.sm} ${theme.fonts.ui};
    text-align: left;
    text-decoration: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${theme.colors.surfaceAlt};
    color: inherit;
  }
`;

export interface AccountProps {
  isStaff: boolean;
  onSignOut: () => void;
  /** Called when a link is followed or Sign Out is pressed, so that the menu holding the items closes. */
  onNavigate?: () => void;
}

/** Profile, the admin backend for staff, and Sign Out: shared by the dropdown and the phone menu. */
export function AccountItems({ isStaff, onSignOut, onNavigate }: AccountProps) {
  return (
    <>
      <li>
        <Link to={paths.profile} onClick={onNavigate}>
          Profile
        </Link>
      </li>
      {isStaff && (
        <li>
          <PathLink to={adminBackendUrl} onClick={onNavigate}>
            Admin Backend
          </PathLink>
        </li>
      )}
      <li>
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            onSignOut();
          }}
        >
          Sign Out
        </button>
      </li>
    </>
  );
}
