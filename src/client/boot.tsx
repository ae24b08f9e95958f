/** Starts the app in the browser: the store, the router, then hydration of the server's HTML. */
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { routerContextFor } from './app/route-data.ts';
import { routes } from './app/routes.tsx';
import { INITIAL_DATA_ID, readInitialData } from './app/initial-data.ts';
import { makeStore, serverDataHandedOver } from './app/store.ts';
import { markAppStarted } from './lib/app-started.ts';
import { resumeSession } from './features/auth/resume-session.ts';

/** Resolves once the code of the matched pages is loaded, so the first render shows them. */
function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Ends the current task: the browser may paint and answer input before the next step of start-up.
 * Each step is a short task instead of one long one that blocks a phone's main thread.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
// The imports' own code (the API's and the slices' definitions) ran in the task that ends here.
await nextTask();
const initialData = readInitialData(document.getElementById(INITIAL_DATA_ID)?.textContent);
const { store, saved } = makeStore(undefined, {
  restoreLater: true,
  serverApi: initialData?.api,
});

/**
 * Once the first render is on screen (after hydration, for server-rendered pages): reads the saved
 * state, and lets pages that mount from now on fetch fresh data.
 */
function AfterFirstRender() {
  useEffect(() => {
    store.dispatch(serverDataHandedOver());
    saved.restore();
    void resumeSession(store);
    markAppStarted();
  }, []);
  return null;
}

/**
 * Loads the code of the page's lazy routes before the router starts. React Router runs the loaders
 * of a lazy route again as it hydrates (it cannot tell whether the route has one), which would
 * redo the server's work on the main thread, drop the answer to a form the server refused
 * (decision 031), and lose the server's word that a page drawn for its signed-in visitor
 * (decision 032) may stand while the browser finds its session.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

await nextTask();
if (initialData?.router) await loadMatchedRoutes();
// The server's loader answers for this page, so its loaders do not run again; later pages' run
// in the browser, on this store, beside the download of their code.
const router = createBrowserRouter(routes, {
  getContext: () => routerContextFor(store, false),
  ...(initialData?.router && { hydrationData: initialData.router }),
});
const app = (
  <AppRoot store={store}>
    <RouterProvider router={router} />
    <AfterFirstRender />
  </AppRoot>
);

await routerReady(router);
await nextTask();
if (initialData && !initialData.perShopper) {
  // The server rendered this page for a signed-out visitor with an empty cart, from the data now
  // in the store: React adopts that markup as it is, then reads the saved state, which updates the
  // header and badges like any other change. Hydrating in a transition lets React yield to the
  // browser between pieces of the tree instead of blocking the main thread for the whole page.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // Signed-in pages, one shopper's pages and the dashboard render once the saved state is back (and
  // a session opened without scripts, decision 031), so guards and queries see the real session;
  // the server's frame stays on screen until then.
  saved.restore();
  await resumeSession(store);
  createRoot(root).render(app);
}
