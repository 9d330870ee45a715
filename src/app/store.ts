import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

import { api } from '../lib/api/apiSlice';
import { contentPreviewSlice } from '../lib/content/previewSlice';
import { sessionSlice } from '../lib/session/sessionSlice';
import { themeSlice } from '../lib/theme/themeSlice';
import { devToolsOptions } from './devTools';

const rootReducer = combineSlices(sessionSlice, themeSlice, contentPreviewSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
    devTools: process.env.NODE_ENV !== 'production' && devToolsOptions,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
