import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { AuthProvider } from '../lib/session/AuthProvider';
import { ThemeRoot } from '../lib/theme/ThemeRoot';
import { GlobalStyle } from '../ui';
import type { AppStore } from './store';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeRoot>
        <GlobalStyle />
        <AuthProvider>{children}</AuthProvider>
      </ThemeRoot>
    </Provider>
  );
}
