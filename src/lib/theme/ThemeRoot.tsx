import { type ReactNode, useEffect, useRef } from 'react';

import { useAppDispatch, useAppSelector } from '@/lib/state';

import { afterHydration } from '../hydration';
import { rememberThemeMode, selectThemeMode, storedThemeMode, themeRestored } from './themeSlice';

/**
 * Applies the chosen theme: the `dark` class on <html> (which switches the palette's CSS
 * variables, so no component re-renders) and its storage. A server-rendered page starts from the
 * theme cookie; local storage has the last word.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const restored = useRef(false);
  useEffect(() => {
    afterHydration(() => {
      const stored = storedThemeMode();
      // Keeps the cookie in step, for the next server-rendered page.
      rememberThemeMode(stored);
      restored.current = true;
      dispatch(themeRestored(stored));
    });
  }, [dispatch]);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    if (restored.current) rememberThemeMode(mode);
  }, [mode]);
  return children;
}
