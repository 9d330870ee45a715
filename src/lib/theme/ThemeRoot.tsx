import { useEffect, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { selectThemeMode, THEME_STORAGE_KEY } from './themeSlice';
import { darkTheme, lightTheme } from './themes';

/** Applies the chosen theme: styled-components theme, `dark` class on <html>, and local storage. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, mode);
    } catch {
      // Storage may be unavailable (private mode); the theme still applies for this visit.
    }
  }, [mode]);
  return <ThemeProvider theme={mode === 'dark' ? darkTheme : lightTheme}>{children}</ThemeProvider>;
}
