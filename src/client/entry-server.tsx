import { QueryStatus } from '@reduxjs/toolkit/query';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { KeyValueStorage } from './app/saved-state.ts';
import { AppRoot } from './app/app-root.tsx';
import { serializeInitialData } from './app/initial-data.ts';
import { pageHandles } from './app/page-handle.ts';
import { pageHead, routerContextFor } from './app/route-data.ts';
import type { RenderResult } from '#shared/contract/page-render.ts';
import { routes } from './app/routes.tsx';
import { makeStore } from './app/store.ts';
import { SiteOrigin } from './features/products/site-origin.ts';
import { api } from './lib/api.ts';
import { logout } from './lib/session.ts';

/** Nothing saved: the server renders what a signed-out visitor with an empty cart sees. */
const emptyStorage: KeyValueStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

export type { RenderResult };

/** How a render reaches the store's API: in the same process, one request at a time. */
export type FetchApi = (request: Request) => Promise<Response>;

/** The address the renderer's API calls are made on; `fetchApi` answers each of them. */
const API_BASE = 'http://storefront.internal/api/v1';

const handler = createStaticHandler(routes);

/** A form the browser posted to the page, as it sent it. */
export interface PostedForm {
  body: string;
  contentType: string;
}

/** The matched page has no action: the form is not the server's to handle. */
function noAction(context: StaticHandlerContext): boolean {
  return Object.values(context.errors ?? {}).some(
    (error) => isRouteErrorResponse(error) && error.status === 405,
  );
}

/**
 * The page at `url` (path and query) for a signed-out visitor with an empty cart: the matched
 * routes' loaders fill a store through `fetchApi`, and React renders the page from it. `origin` is
 * the store's absolute address (APP_URL), for the addresses a page writes in full. With a `form`,
 * the matched route's action runs first, with the same store (decision 031). A page of one
 * shopper's account answers `shopper` until the server says whether the visitor is `signedIn`;
 * then `fetchApi` acts with that visitor's session (decision 032).
 */
export async function render(
  url: string,
  {
    origin,
    fetchApi,
    form,
    signedIn,
  }: { origin: string; fetchApi: FetchApi; form?: PostedForm; signedIn?: boolean },
): Promise<RenderResult> {
  const address = new URL(url, 'http://localhost');
  const request = form
    ? new Request(address, {
        method: 'POST',
        headers: { 'content-type': form.contentType },
        body: form.body,
      })
    : new Request(address);
  // Pages behind a guard or for one shopper are not rendered here, nor their loaders run.
  const matched = pageHandles(matchRoutes(handler.dataRoutes, address.pathname) ?? []);
  if (matched.some((h) => h.clientOnly)) return { kind: 'client' };
  const account = matched.some((h) => h.account);
  if (account && signedIn === undefined) return { kind: 'shopper' };

  const { store } = makeStore(emptyStorage, {
    restoreLater: true,
    transport: { baseUrl: API_BASE, fetchFn: (input, init) => fetchApi(new Request(input, init)) },
  });
  const context = await handler.query(request, {
    requestContext: routerContextFor(store, true, account && signedIn === true),
  });
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('Location') ?? '/',
    };
  }
  // Back to the page, whose scripts handle its form.
  if (form && noAction(context)) return { kind: 'client' };
  // The browser's first render has no session yet (it reads the saved one after): the page is drawn
  // as it will draw it, the account's data from the API cache, the header signed out.
  if (account) store.dispatch(logout());
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
  const handles = pageHandles(context.matches);
  return {
    kind: 'page',
    status: context.statusCode,
    html: markup.slice(preloads.length),
    preloads,
    meta: pageHead(context.matches, context.loaderData),
    modules: handles.flatMap((h) => (h.module ? [h.module] : [])),
    data: serializeInitialData({
      api: { queries: fulfilled, provided: state.provided },
      // A page whose loader failed starts its loaders again in the browser.
      ...(context.errors
        ? {}
        : {
            router: {
              loaderData: context.loaderData,
              // The form's messages and what was typed, so the browser draws the same page.
              ...(context.actionData && { actionData: context.actionData }),
            },
          }),
      ...(handles.some((h) => h.perShopper) && { perShopper: true }),
      ...(account && signedIn === true && { signedIn: true }),
    }),
    catalog: context.statusCode < 500 && handles.some((h) => h.catalog),
    ...(handles.some((h) => h.account || h.private) && { private: true }),
  };
}
