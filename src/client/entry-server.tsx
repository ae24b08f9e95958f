import { QueryStatus } from '@reduxjs/toolkit/query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import type { Manifest } from 'vite';
import type { FetchApi, RenderOptions, RenderResult } from '#shared/contract/page-render.ts';
import { AppRoot } from './app/app-root.tsx';
import { INITIAL_DATA_ID, serializeInitialData } from './app/initial-data.ts';
import { pageHandles } from './app/page-handle.ts';
import { routerContextFor } from './app/route-data.ts';
import { routes } from './app/routes.tsx';
import { makeStore } from './app/store.ts';
import { SiteOrigin } from './features/products/site-origin.ts';
import { api } from './lib/api.ts';
import { logout } from './lib/session.ts';

export type { FetchApi, RenderResult };

/** The address the renderer's API calls are made on; `fetchApi` answers each of them. */
const API_BASE = 'http://storefront.internal/api/v1';

const handler = createStaticHandler(routes);

/**
 * The files a page needs, from Vite's manifest: the entry script and its styles, and as preloads
 * the app it starts and each matched route's module (a page route's id names its module), with
 * every chunk they import. The browser then fetches a page's code beside the entry, not after it.
 */
function pageAssets(manifest: Manifest, routeIds: string[]) {
  const [entryKey, entry] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entryKey ?? '', ...(entry?.dynamicImports ?? [])]) visit(key);
  for (const id of routeIds) visit(`src/client/${id}`);
  files.delete(entry?.file ?? '');
  return { script: entry?.file, css: [...css], preloads: [...files] };
}

/**
 * The whole page. The title, description and share tags are rendered by the routes (`RouteHead`)
 * and React 19 hoists them into this head, with the first picture's preload. Only the data island
 * and module scripts are scripts: the CSP allows no inline code.
 */
function Document(props: { assets: ReturnType<typeof pageAssets>; data: string; app: ReactNode }) {
  const { script, css, preloads } = props.assets;
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0f172a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {css.map((file) => (
          <link key={file} rel="stylesheet" href={`/${file}`} />
        ))}
        {/* The page's picture and styles come first; the scripts only add interaction. */}
        {script && <script type="module" src={`/${script}`} fetchPriority="low" />}
        {preloads.map((file) => (
          <link key={file} rel="modulepreload" href={`/${file}`} fetchPriority="low" />
        ))}
      </head>
      <body>
        <div id="root">{props.app}</div>
        <script
          type="application/json"
          id={INITIAL_DATA_ID}
          dangerouslySetInnerHTML={{ __html: props.data }}
        />
      </body>
    </html>
  );
}

/**
 * The page at `url` (path and query) for a signed-out visitor with an empty cart: the matched
 * routes' loaders fill a store through `fetchApi`, and React renders the document from it.
 * `origin` is the store's absolute address (APP_URL). With a `form`, the matched route's action
 * runs first (decision 031). A page of one shopper's account answers `shopper` until the server
 * says whether the visitor is `signedIn`; then `fetchApi` acts with that session (decision 032).
 */
export async function render(url: string, options: RenderOptions): Promise<RenderResult> {
  const { origin, fetchApi, form, signedIn } = options;
  const address = new URL(url, 'http://localhost');
  const request = new Request(
    address,
    form && { method: 'POST', headers: { 'content-type': form.contentType }, body: form.body },
  );
  // Pages behind a guard are drawn in the browser; an account's page waits for its visitor.
  const matched = pageHandles(matchRoutes(handler.dataRoutes, address.pathname) ?? []);
  if (matched.some((h) => h.clientOnly)) return { kind: 'client' };
  const account = matched.some((h) => h.account);
  if (account && signedIn === undefined) return { kind: 'shopper' };

  const { store } = makeStore(undefined, {
    restoreLater: true,
    transport: { baseUrl: API_BASE, fetchFn: (input, init) => fetchApi(new Request(input, init)) },
  });
  const context = await handler.query(request, {
    requestContext: routerContextFor(store, true, account && signedIn === true),
  });
  if (context instanceof Response) {
    const location = context.headers.get('Location') ?? '/';
    return { kind: 'redirect', status: context.status, location };
  }
  // A form for a page without an action: back to the page, whose scripts handle it.
  const errors = Object.values(context.errors ?? {});
  if (form && errors.some((e) => isRouteErrorResponse(e) && e.status === 405)) {
    return { kind: 'client' };
  }
  // The browser's first render has no session yet (it reads the saved one after): the page is
  // drawn as it will draw it, the account's data from the API cache, the header signed out.
  if (account) store.dispatch(logout());
  const state = store.getState()[api.reducerPath];
  const handles = pageHandles(context.matches);
  const data = serializeInitialData({
    api: {
      queries: Object.fromEntries(
        Object.entries(state.queries).filter(([, q]) => q?.status === QueryStatus.fulfilled),
      ),
      provided: state.provided,
    },
    // A page whose loader failed starts its loaders again in the browser; the form's messages
    // and what was typed go with the loaders' answers, so the browser draws the same page.
    ...(!context.errors && {
      router: {
        loaderData: context.loaderData,
        ...(context.actionData && { actionData: context.actionData }),
      },
    }),
    ...(handles.some((h) => h.perShopper) && { perShopper: true }),
    ...(account && signedIn === true && { signedIn: true }),
  });
  const assets = pageAssets(
    options.manifest,
    context.matches.map((m) => m.route.id),
  );
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = (
    <AppRoot store={store}>
      <SiteOrigin value={origin}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteOrigin>
    </AppRoot>
  );
  const { prelude } = await prerender(<Document assets={assets} data={data} app={app} />);
  return {
    kind: 'page',
    status: context.statusCode,
    html: await new Response(prelude).text(),
    catalog: context.statusCode < 500 && handles.some((h) => h.catalog),
    ...(handles.some((h) => h.account || h.private) && { private: true }),
  };
}
