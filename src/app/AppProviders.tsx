import type { ReactNode } from 'react';
import { Provider } from 'react-redux';

import { drawnByServer } from '../lib/hydration';
import { AuthProvider } from '../lib/session/AuthProvider';
import { ThemeRoot } from '../lib/theme/ThemeRoot';
import { GlobalStyle } from '../ui';
import type { AppStore } from './store';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeRoot>
        {/* A page the server drew holds the global rules in its style sheet already, which styled-components
            takes over; mounting them would compile them once more, in the middle of the takeover. */}
        {!drawnByServer() && <GlobalStyle />}
        <AuthProvider>{children}</AuthProvider>
      </ThemeRoot>
    </Provider>
  );
}
