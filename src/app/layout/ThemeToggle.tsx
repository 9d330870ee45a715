import styled from 'styled-components';

import { useAppDispatch, useAppSelector } from '@/lib/state';
import { theme } from '@/lib/theme/themes';
import { selectThemeMode, themeToggled } from '@/lib/theme/themeSlice';

export const IconButton = styled.button.attrs({ type: 'button' })`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.text};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
  svg {
    width: 20px;
    height: 20px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linecap: round;
  }
`;

/** Light/dark switch (a half-filled circle); the theme slice stores the choice and sets the `dark` class. */
export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const dark = useAppSelector(selectThemeMode) === 'dark';
  return (
    <IconButton aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'} onClick={() => dispatch(themeToggled())}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="8.5" />
        <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
      </svg>
    </IconButton>
  );
}
