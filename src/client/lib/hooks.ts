import type { EnhancedStore, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { api } from './api.ts';
import type { AuthState } from './session.ts';

/**
 * The store's state as the client's parts read it. The store is composed in `app/store.ts`, which
 * imports the features; a feature holding a slice adds its part here by declaration merging, so it
 * types its hooks without importing the store that imports it. `app/store.ts` checks that the
 * composed state fits.
 */
export interface AppState {
  auth: AuthState;
  api: ReturnType<typeof api.reducer>;
}

export type AppDispatch = ThunkDispatch<AppState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<AppState>();
export const useAppStore = useStore.withTypes<EnhancedStore<AppState>>();
