import {
  createContext,
  RouterContextProvider,
  type ActionFunction,
  type ActionFunctionArgs,
  type UIMatch,
} from 'react-router';
import type { PageHead } from '#shared/contract/page-render.ts';
import type { AppStore } from './store.ts';

// Data routers hand every loader the context their `getContext` (browser) or `requestContext`
// (server) gives; this makes its type say so.
declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}

/** The store a loader fills, and where it runs. */
interface LoaderStore {
  store: AppStore;
  /**
   * On the server the store lives for one render: its queries stay subscribed until it is
   * dropped, and every loader waits for its data. In the browser a loader lets go once its data
   * is in, and the page that mounts holds it from then on (unused data goes after the API's keep
   * time).
   */
  onServer: boolean;
  /**
   * On the server, for a page of one shopper's account: the visitor's session was found, and the
   * render's API calls act with it (decision 032). The browser's guard reads its own store.
   */
  signedIn: boolean;
}

const loaderStore = createContext<LoaderStore>();

/** The context the router gives each loader: the store it fills. */
export function routerContextFor(
  store: AppStore,
  onServer: boolean,
  signedIn = false,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(loaderStore, { store, onServer, signedIn });
  return context;
}

/** Where a loader runs, and on the server whether it runs for a signed-in visitor. */
export function renderedFor(context: Readonly<RouterContextProvider>): {
  onServer: boolean;
  signedIn: boolean;
} {
  const { onServer, signedIn } = context.get(loaderStore);
  return { onServer, signedIn };
}

interface Subscription<T> extends PromiseLike<T> {
  unsubscribe(): void;
}

type StartQuery<T> = (dispatch: AppStore['dispatch']) => Subscription<T>;

/**
 * Runs a query (an endpoint's `initiate(...)` thunk) on the loader's store and waits for it: the
 * page renders from the store's cache, where its components read it.
 */
export async function loadQuery<T>(
  context: Readonly<RouterContextProvider>,
  start: StartQuery<T>,
): Promise<T> {
  const { store, onServer } = context.get(loaderStore);
  const query = start(store.dispatch);
  try {
    return await query;
  } finally {
    if (!onServer) query.unsubscribe();
  }
}

/**
 * Starts a query the page shows a loading state for: the server waits for it, the browser does
 * not. A shopper's change of filters then shows at once (the address, the ticked box), with the
 * results loading beside it, and the data still comes in parallel with the page's code.
 */
export async function startQuery(
  context: Readonly<RouterContextProvider>,
  start: StartQuery<unknown>,
): Promise<void> {
  const { store, onServer } = context.get(loaderStore);
  const query = start(store.dispatch);
  if (onServer) {
    await query;
    return;
  }
  // The page subscribes as it mounts; until then the unused query is kept for the API's keep time.
  query.unsubscribe();
}

/** A feature's route action: it works on the store the router's context carries. */
type StoreAction = (
  args: ActionFunctionArgs,
  store: { dispatch: AppStore['dispatch']; onServer: boolean; signedIn: boolean },
) => ReturnType<ActionFunction>;

/**
 * The route action of a feature, given the store and where it runs: on the server for a form the
 * browser sent without scripts, in the browser once they run (decision 031).
 */
export function withStore(action: StoreAction): ActionFunction {
  return (args) => {
    const { store, onServer, signedIn } = args.context.get(loaderStore);
    return action(args, { dispatch: store.dispatch, onServer, signedIn });
  };
}

/** What every page's loader returns: its head. Pages read their data from the store. */
export interface PageData {
  head: PageHead;
}

/** The head of the deepest matched page that has one (`useMatches()` or the server's matches). */
export function pageHead(
  matches: readonly Pick<UIMatch, 'loaderData'>[] | readonly { route: { id: string } }[],
  loaderData?: Record<string, unknown>,
): PageHead | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const data =
      match && 'loaderData' in match ? match.loaderData : loaderData?.[match?.route.id ?? ''];
    const head = (data as Partial<PageData> | null | undefined)?.head;
    if (head) return head;
  }
  return undefined;
}
