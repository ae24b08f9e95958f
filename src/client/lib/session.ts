import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '#shared/contract/user.ts';

export interface AuthState {
  user: User | null;
  token: string | null;
}

const initialState: AuthState = { user: null, token: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    setCredentials: (_state, action: PayloadAction<{ user: User; token: string }>) => ({
      user: action.payload.user,
      token: action.payload.token,
    }),
    /** A profile fetch refreshes the stored user and keeps the token. */
    setUser: (state, action: PayloadAction<User>) => {
      state.user = action.payload;
    },
    /** A refreshed access token replaces the stored one; the user is kept. */
    setToken: (state, action: PayloadAction<string>) => {
      state.token = action.payload;
    },
    logout: () => initialState,
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectToken: (state) => state.token,
    selectRole: (state) => state.user?.role ?? null,
  },
});

export const { setCredentials, setUser, setToken, logout } = authSlice.actions;
export const { selectCurrentUser, selectToken, selectRole } = authSlice.selectors;
