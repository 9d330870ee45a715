import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';

import type { User } from '@/contract';
import { useAppDispatch, useAppSelector } from '@/lib/state';

import { afterHydration } from '../hydration';
import { useSessionAcrossTabs } from './crossTab';
import { selectCurrentUser, selectSessionStatus } from './sessionSlice';
import { login as loginThunk, logout as logoutThunk, restoreSession } from './sessionThunks';

export interface AuthContextValue {
  isAuthenticated: boolean;
  user: User | null;
  isLoading: boolean;
  login: (session: { access: string; refresh?: string; user?: User | null }) => Promise<void>;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Runs the startup session check once and exposes the session to the tree. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);

  useEffect(() => {
    afterHydration(() => void dispatch(restoreSession()));
  }, [dispatch]);
  useSessionAcrossTabs();

  const login = useCallback<AuthContextValue['login']>(
    async (session) => {
      await dispatch(loginThunk(session));
    },
    [dispatch],
  );
  const logout = useCallback(async () => {
    await dispatch(logoutThunk());
  }, [dispatch]);

  const value = useMemo<AuthContextValue>(
    () => ({ isAuthenticated: status === 'signedIn', user, isLoading: status === 'loading', login, logout }),
    [status, user, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
