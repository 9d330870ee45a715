import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { User } from '@/contract';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

const initialState: SessionState = { status: 'loading', user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(_state, action: PayloadAction<User>) {
      return { status: 'signedIn' as const, user: action.payload };
    },
    signedOut() {
      return { status: 'signedOut' as const, user: null };
    },
    profileUpdated(state, action: PayloadAction<User>) {
      if (state.status === 'signedIn') state.user = action.payload;
    },
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
  },
});

export const { signedIn, signedOut, profileUpdated } = sessionSlice.actions;
export const { selectSessionStatus, selectCurrentUser } = sessionSlice.selectors;
