import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectThemeMode, themeToggled } from '../../lib/theme/themeSlice';

export const IconButton = styled.button.attrs({ type: 'button' })`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
  svg { width: 20px; height: 20px; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linecap: round; }
`;

const moon = <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" />;
const sun = (
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>
);

/** Light/dark switch; the theme slice stores the choice and sets the `dark` class. */
export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const dark = useAppSelector(selectThemeMode) === 'dark';
  return (
    <IconButton aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'} onClick={() => dispatch(themeToggled())}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {dark ? sun : moon}
      </svg>
    </IconButton>
  );
}
