import { combineReducers, configureStore, createAction, type Reducer } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
  type Storage,
} from 'redux-persist';
import { authSlice } from '#client/lib/session.ts';
import { cartSlice } from '#client/features/cart/cart-slice.ts';
import { wishlistSlice } from '#client/features/wishlist/wishlist-slice.ts';
import { api } from '#client/lib/api.ts';
import { localStorageOfBrowser } from '#client/lib/local-storage.ts';
import type { AppState } from '#client/lib/hooks.ts';

// persistStore has read `manualPersist` since redux-persist 6; its bundled types miss it.
declare module 'redux-persist/es/types' {
  interface PersistorOptions {
    manualPersist?: boolean;
  }
}

function persisted<S>(
  key: string,
  reducer: Parameters<typeof persistReducer<S>>[1],
  storage: Storage,
  blacklist: string[] = [],
) {
  return persistReducer<S>({ key, storage, timeout: 5000, blacklist }, reducer);
}

type ApiState = ReturnType<typeof api.reducer>;

/**
 * Sent once the first render of a server-rendered page is on screen: from then on, pages that
 * mount ask for fresh data again as the API is configured to.
 */
export const serverDataHandedOver = createAction('app/serverDataHandedOver');

/**
 * The API cache with the queries the server rendered from. Until the hand-over the components
 * that mount with them use them as they are instead of asking again.
 */
function apiReducerFrom(serverApi: Partial<ApiState> | undefined): Reducer<ApiState> {
  const reducer = api.reducer as Reducer<ApiState>;
  if (!serverApi) return reducer;
  return (state, action) => {
    if (state === undefined) {
      const initial = reducer(undefined, action);
      return {
        ...initial,
        queries: serverApi.queries ?? initial.queries,
        provided: serverApi.provided ?? initial.provided,
        config: { ...initial.config, refetchOnMountOrArgChange: false },
      };
    }
    const next = reducer(state, action);
    if (!serverDataHandedOver.match(action)) return next;
    const configured = reducer(undefined, { type: '' }).config.refetchOnMountOrArgChange;
    return { ...next, config: { ...next.config, refetchOnMountOrArgChange: configured } };
  };
}

interface StoreOptions {
  manualPersist?: boolean;
  /** The API cache the server rendered the page from (`api` state's queries and tags). */
  serverApi?: Partial<ApiState> | undefined;
}

/**
 * Builds the store; tests pass their own storage to start from a known state. With
 * `manualPersist` the saved state is read only once `persistor.persist()` is called.
 */
export function makeStore(
  storage: Storage = localStorageOfBrowser,
  { manualPersist = false, serverApi }: StoreOptions = {},
) {
  const rootReducer = combineReducers({
    [authSlice.reducerPath]: persisted('auth', authSlice.reducer, storage),
    // The drawer starts closed on every visit; only the lines are kept.
    [cartSlice.reducerPath]: persisted('cart', cartSlice.reducer, storage, ['showCartDrawer']),
    [wishlistSlice.reducerPath]: persisted('wishlist', wishlistSlice.reducer, storage),
    [api.reducerPath]: apiReducerFrom(serverApi),
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return { store, persistor: persistStore(store, { manualPersist }) };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
/** Fails to compile when a slice's part of `AppState` differs from what the store holds. */
type FitsAppState<S extends AppState> = S;

export type RootState = FitsAppState<ReturnType<AppStore['getState']>>;
export type AppDispatch = AppStore['dispatch'];
