// First: the API module reads its address when it is evaluated.
import { installApi } from './app/server/api-fetch.ts';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { KeyValueStorage } from './app/saved-state.ts';
import { AppRoot } from './app/app-root.tsx';
import { serializeInitialData } from './app/initial-data.ts';
import { pageHandle, pageMeta } from './app/page-meta.ts';
import type { RenderResult } from '#shared/contract/page-render.ts';
import { routes } from './app/routes.tsx';
import { makeStore } from './app/store.ts';
import { SiteOrigin } from './features/products/site-origin.ts';
import { api } from './lib/api.ts';

export { INTERNAL_ORIGIN } from './app/server/api-fetch.ts';

/** Nothing saved: the server renders what a signed-out visitor with an empty cart sees. */
const emptyStorage: KeyValueStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** Answers the store's API calls (`/api/v1/...` on INTERNAL_ORIGIN) in the same process. */
export function connectApi(fetchApi: (request: Request) => Promise<Response>): void {
  installApi(fetchApi);
}

export type { RenderResult };

const handler = createStaticHandler(routes);

/**
 * The page at `url` (path and query) for a signed-out visitor with an empty cart; `origin` is the
 * store's absolute address (APP_URL), for the addresses a page writes in full.
 */
export async function render(url: string, origin: string): Promise<RenderResult> {
  const address = new URL(url, 'http://localhost');
  const context = await handler.query(new Request(address));
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }
  if (
    context.matches.some(
      (m) => (m.route.handle as { clientOnly?: boolean } | undefined)?.clientOnly,
    )
  ) {
    return { kind: 'client' };
  }
  const handle = pageHandle(context.matches);
  const params = context.matches[context.matches.length - 1]?.params ?? {};
  const { store } = makeStore(emptyStorage, { restoreLater: true });
  if (handle?.prefetch) {
    await handle.prefetch(store.dispatch, { url: address, params });
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  }
  const outcome = handle?.outcome?.(store.getState(), { url: address, params });
  if (outcome?.location) {
    return { kind: 'redirect', status: outcome.status, location: outcome.location };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <AppRoot store={store}>
      <SiteOrigin value={origin}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteOrigin>
    </AppRoot>,
  );
  const markup = await new Response(prelude).text();
  // React writes its image preloads (a first picture) at the start of the markup; in the head,
  // ahead of the scripts, the browser asks for the picture first.
  const preloads = /^(<link rel="preload"[^>]*>)+/.exec(markup)?.[0] ?? '';
  const state = store.getState()[api.reducerPath];
  const fulfilled = Object.fromEntries(
    Object.entries(state.queries).filter(([, entry]) => entry?.status === QueryStatus.fulfilled),
  );
  const routeError = context.errors && Object.keys(context.errors).length > 0;
  return {
    kind: 'page',
    status: routeError ? 500 : (outcome?.status ?? handle?.status ?? 200),
    html: markup.slice(preloads.length),
    preloads,
    meta: pageMeta(context.matches, store.getState(), address),
    modules: context.matches.flatMap((m) => {
      const module = (m.route.handle as { module?: string } | undefined)?.module;
      return module ? [module] : [];
    }),
    data: serializeInitialData({ api: { queries: fulfilled, provided: state.provided } }),
    catalog: Boolean(handle?.prefetch) && !handle?.perVisit,
  };
}
