import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

import { api } from '../lib/api/apiSlice';
import type { QueryExtra } from '../lib/api/baseQuery';
import { rootReducer, type RootState } from '../lib/state';
import { devToolsOptions } from './devTools';

/** The app's store; the server passes `extra.serverQuery` to answer the API calls of a page it renders. */
export function makeStore(preloadedState?: Partial<RootState>, extra: QueryExtra = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: extra } }).concat(api.middleware),
    devTools: process.env.NODE_ENV !== 'production' && devToolsOptions,
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
