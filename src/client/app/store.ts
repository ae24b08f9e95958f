import { combineReducers, configureStore, createAction, type Reducer } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { authSlice } from '#client/lib/session.ts';
import { cartSlice } from '#client/features/cart/cart-slice.ts';
import { wishlistSlice } from '#client/features/wishlist/wishlist-slice.ts';
import { api, type ApiTransport } from '#client/lib/api.ts';
import { localStorageOfBrowser } from '#client/lib/local-storage.ts';
import {
  keepSaved,
  restoringReducer,
  type KeyValueStorage,
  type SavedSlice,
} from './saved-state.ts';
import type { AppState } from '#client/lib/hooks.ts';

/** The slices kept between visits. The drawer starts closed on every visit; only the lines are kept. */
const SAVED_SLICES: readonly SavedSlice[] = [
  { name: authSlice.reducerPath },
  { name: cartSlice.reducerPath, omit: ['showCartDrawer'] },
  { name: wishlistSlice.reducerPath },
];

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
  /** Leaves the saved state unread until `saved.restore()` (the browser reads it after hydration). */
  restoreLater?: boolean;
  /** The API cache the server rendered the page from (`api` state's queries and tags). */
  serverApi?: Partial<ApiState> | undefined;
  /** Where API calls go when not to the browser's configured address (the server renderer). */
  transport?: ApiTransport;
}

/**
 * Builds the store; tests pass their own storage to start from a known state. The saved session,
 * cart and wishlist are read at once, or with `restoreLater` when `saved.restore()` is called.
 */
export function makeStore(
  storage: KeyValueStorage = localStorageOfBrowser,
  { restoreLater = false, serverApi, transport }: StoreOptions = {},
) {
  const rootReducer = combineReducers({
    [authSlice.reducerPath]: authSlice.reducer,
    [cartSlice.reducerPath]: cartSlice.reducer,
    [wishlistSlice.reducerPath]: wishlistSlice.reducer,
    [api.reducerPath]: apiReducerFrom(serverApi),
  });
  const reducer: typeof rootReducer = restoringReducer(rootReducer, SAVED_SLICES);
  const store = configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: { transport } },
        // A server render's store (the one given a transport) lives for one page. Redux Toolkit's
        // development checks walk the whole state after every action (88 ms for one page seen on
        // a server not started as production); the browser's store keeps them where they help.
        immutableCheck: !transport,
        serializableCheck: !transport,
      }).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  const saved = keepSaved(store, storage, SAVED_SLICES);
  if (!restoreLater) saved.restore();
  return { store, saved };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
/** Fails to compile when a slice's part of `AppState` differs from what the store holds. */
type FitsAppState<S extends AppState> = S;

export type RootState = FitsAppState<ReturnType<AppStore['getState']>>;
export type AppDispatch = AppStore['dispatch'];
