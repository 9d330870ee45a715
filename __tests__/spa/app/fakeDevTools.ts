import { type Action, compose, type Reducer, type StoreEnhancer } from 'redux';

export interface Shown {
  action: Action;
  state: unknown;
}

type Sanitizers = { actionSanitizer: (action: Action) => Action; stateSanitizer: (state: unknown) => unknown };

let shown: Shown[] = [];

/** What the stand-in extension has been shown since the last call. */
export function recordDevTools(): Shown[] {
  shown = [];
  return shown;
}

/**
 * Stands in for the Redux DevTools extension, which Redux Toolkit looks for when it is loaded
 * (so this module is imported first): records every action and state, after the app's sanitizers.
 */
(window as Window & { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
  (options: Sanitizers) =>
  (...enhancers: StoreEnhancer[]) =>
    compose(
      ...enhancers,
      ((createStore) => (reducer: Reducer, preloaded: unknown) =>
        createStore((state: unknown, action: Action) => {
          const next = reducer(state, action);
          shown.push({ action: options.actionSanitizer(action), state: options.stateSanitizer(next) });
          return next;
        }, preloaded as never)) as StoreEnhancer,
    );
