import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { AppRoot } from './app/app-root.tsx';
import { preloadPage, routes } from './app/routes.tsx';
import { makeStore } from './app/store.ts';
import './styles.css';

/** Resolves once the saved session, cart and wishlist are back in the store. */
function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const { store, persistor } = makeStore(undefined, { manualPersist: true });
let persisting = false;
function persistOnce() {
  if (persisting) return;
  persisting = true;
  persistor.persist();
}

/** Reads the saved state once the first render is on screen (after hydration, for prerendered pages). */
function PersistAfterFirstRender() {
  useEffect(persistOnce, []);
  return null;
}

const app = (
  <AppRoot store={store}>
    <RouterProvider router={createBrowserRouter(routes)} />
    <PersistAfterFirstRender />
  </AppRoot>
);

if (root.hasChildNodes()) {
  // `/` and `/shop` arrive prerendered for a first-time visitor: React adopts that markup as it
  // is, with the page's code already fetched (the HTML preloads it) and the same signed-out, empty
  // state, and then reads the saved state, which updates the header and badges like any other change.
  await preloadPage(window.location.pathname);
  hydrateRoot(root, app);
} else {
  // Other pages render once the saved state is back, so guards see the real session; their body
  // shows a placeholder until its code arrives.
  persistOnce();
  await rehydrated(persistor);
  createRoot(root).render(app);
}
