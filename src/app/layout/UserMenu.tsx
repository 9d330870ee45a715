import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';

import { theme } from '@/lib/theme/themes';

import { AccountItems, type AccountProps, menuRows } from './AccountItems';

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
