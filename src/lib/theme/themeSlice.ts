import { createSlice } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export interface ThemeState {
  mode: ThemeMode;
}

/** Spec §2 Theme: stored under `theme`, default light. */
export function storedThemeMode(): ThemeMode {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ mode: storedThemeMode() }),
  reducers: {
    toggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
  },
});

export const { toggled: themeToggled } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;
