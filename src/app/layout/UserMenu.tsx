import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

import { PathLink } from '@/lib/PathLink';
import { adminBackendUrl, paths } from '@/lib/paths';
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
const Wrapper = styled.div`
  position: relative;
`;
const Toggle = styled.button`
  min-height: 44px;
  max-width: 14rem;
  overflow: hidden;
  padding: 0 ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  font: 600 ${theme.fontSizes.sm} ${theme.fonts.ui};
  text-overflow: ellipsis;
  white-space: nowrap;
  cursor: pointer;
  &::after {
    content: ' ▾';
  }
`;
const List = styled.ul`
  position: absolute;
  right: 0;
  min-width: 12rem;
  margin: ${theme.space[2]} 0 0;
  padding: ${theme.space[2]};
  list-style: none;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: 0 8px 24px ${theme.colors.overlay};
  ${menuRows}
`;

interface AccountProps {
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

/** The signed-in user's name, opening the account links; Escape or a click elsewhere closes it. */
export function UserMenu({ label, isStaff, onSignOut }: AccountProps & { label: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open]);

  return (
    <Wrapper
      ref={wrapper}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        close();
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        // Only when focus went elsewhere: some browsers do not focus a clicked link (no relatedTarget).
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <Toggle ref={toggle} type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {label}
      </Toggle>
      {open && (
        <List id={listId}>
          <AccountItems isStaff={isStaff} onNavigate={close} onSignOut={onSignOut} />
        </List>
      )}
    </Wrapper>
  );
}
