import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Storage } from 'redux-persist';
import { AppRoot } from './app/app-root.tsx';
import { preloadPage, routes } from './app/routes.tsx';
import { makeStore } from './app/store.ts';

/** Nothing saved: the prerendered page is what a first-time visitor sees. */
const emptyStorage: Storage = {
  getItem: () => Promise.resolve(null),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
};

/**
 * The markup of a store-front page for a signed-out visitor with an empty cart, rendered at build
 * time (scripts/prerender.mjs). It shows before the scripts arrive; the app then hydrates it (see
 * main.tsx), so the page's code is loaded first here as there, and both trees are the same.
 */
export async function prerenderPage(pathname: string): Promise<string> {
  await preloadPage(pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { store } = makeStore(emptyStorage, { manualPersist: true });
  const { prelude } = await prerender(
    <AppRoot store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  return new Response(prelude).text();
}
