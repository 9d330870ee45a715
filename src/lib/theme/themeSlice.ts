import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
/** Mirrors the stored choice so that the server can render the page in it (no light flash). */
export const THEME_COOKIE = 'theme';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export interface ThemeState {
  mode: ThemeMode;
}

/** Stored under `theme`, default light. */
export function storedThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function rememberThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage may be unavailable (private mode); the theme still applies for this visit.
  }
  document.cookie = `${THEME_COOKIE}=${mode}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ mode: storedThemeMode() }),
  reducers: {
    toggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
    },
    /** The stored choice, read after a server-rendered page took over. */
    restored(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { toggled: themeToggled, restored: themeRestored } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
