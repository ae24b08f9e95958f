import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { ErrorEnvelope } from '#shared/contract/envelope.ts';
import { clientConfig } from '../config.ts';
import { logout, setToken } from './session.ts';

interface TokenState {
  auth: { token: string | null; user: { _id: string } | null };
}

function tokenOf(api: Pick<BaseQueryApi, 'getState'>): string | null {
  return (api.getState() as TokenState).auth.token;
}

/** The account an access token names (its `sub`), or null when it cannot be read. */
function subjectOf(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    const sub = (claims as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * Whether a refreshed token is for the account this page is signed in as. The refresh cookie is
 * the browser's, not the page's: after another tab signed in as someone else it answers for them,
 * and taking that token kept this page's name over the other account's orders.
 */
function isSameAccount(api: Pick<BaseQueryApi, 'getState'>, token: string): boolean {
  const stored = (api.getState() as TokenState).auth.user?._id;
  const subject = subjectOf(token);
  return stored === undefined || subject === null || subject === stored;
}

/**
 * Where the store's API calls go. In the browser: the configured address, by the browser's
 * `fetch`. The server renderer gives its store a transport of its own (the store's thunk extra
 * argument), which answers the calls in the same process.
 */
export interface ApiTransport {
  /** An absolute address: `Request` refuses relative ones outside a browser document. */
  baseUrl: string;
  fetchFn?: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
}

function browserTransport(): ApiTransport {
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  const base = clientConfig.apiBaseUrl;
  return { baseUrl: page ? new URL(base, page).href.replace(/\/$/, '') : base };
}

function fetchBaseQueryFor({ baseUrl, fetchFn }: ApiTransport) {
  return fetchBaseQuery({
    baseUrl,
    ...(fetchFn && { fetchFn }),
    credentials: 'include',
    prepareHeaders: (headers, { getState }) => {
      // The spec's client sends the token raw, without a Bearer prefix.
      const token = (getState() as TokenState).auth.token;
      if (token) headers.set('authorization', token);
      return headers;
    },
  });
}

type RawBaseQuery = ReturnType<typeof fetchBaseQueryFor>;

const baseQueries = new WeakMap<ApiTransport, RawBaseQuery>();
let browserBaseQuery: RawBaseQuery | undefined;

function transportOf(extra: unknown): ApiTransport | undefined {
  const transport = (extra as { transport?: ApiTransport } | undefined)?.transport;
  return transport && typeof transport.baseUrl === 'string' ? transport : undefined;
}

/** The fetch base query of the store's transport (built once per transport). */
const rawBaseQuery: RawBaseQuery = (args, api, extraOptions) => {
  const transport = transportOf(api.extra);
  let query: RawBaseQuery | undefined;
  if (transport) {
    query = baseQueries.get(transport);
    if (!query) {
      query = fetchBaseQueryFor(transport);
      baseQueries.set(transport, query);
    }
  } else {
    browserBaseQuery ??= fetchBaseQueryFor(browserTransport());
    query = browserBaseQuery;
  }
  return query(args, api, extraOptions);
};

/** Calls whose 401 means wrong credentials or no session: refreshing would not help. */
const NO_REFRESH = ['/auth/login', '/auth/register', '/auth/refresh-token', '/auth/logout'];

type RefreshOutcome = { token: string } | { refused: true } | { unavailable: true };

let refreshInFlight: Promise<RefreshOutcome> | null = null;

/**
 * The refresh token rotates on every use and a reused one revokes the whole session, so however
 * many calls fail together only one refresh may be on the wire.
 */
function refreshOnce(
  api: BaseQueryApi,
  extraOptions: Parameters<typeof rawBaseQuery>[2],
): Promise<RefreshOutcome> {
  refreshInFlight ??= (async (): Promise<RefreshOutcome> => {
    const refreshed = await rawBaseQuery(
      { url: '/auth/refresh-token', method: 'POST' },
      api,
      extraOptions,
    );
    const token = (refreshed.data as { data?: { accessToken?: unknown } } | undefined)?.data
      ?.accessToken;
    if (typeof token === 'string' && token.length > 0 && isSameAccount(api, token)) {
      // A logout while the refresh was on the wire wins.
      if (tokenOf(api)) api.dispatch(setToken(token));
      return { token };
    }
    const status = refreshed.error?.status;
    // Offline or a server fault says nothing about the session: keep it.
    if (
      status === 'FETCH_ERROR' ||
      status === 'TIMEOUT_ERROR' ||
      (typeof status === 'number' && status >= 500)
    ) {
      return { unavailable: true };
    }
    // Refused, or a token for another account: this page's session has ended in this browser.
    api.dispatch(logout());
    return { refused: true };
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function isAuthFailure(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 401 || error?.status === 403;
}

/**
 * On 401 or 403, asks for a new access token once (a single request in flight however many
 * calls failed together), retries the call once, and logs out when the refresh is refused.
 * Typed as the fetch base query itself, so endpoints get its meta (the response) and can read
 * headers such as ETag.
 */
const baseQueryWithReauth: typeof rawBaseQuery = async (args, api, extraOptions) => {
  const sentToken = tokenOf(api);
  const result = await rawBaseQuery(args, api, extraOptions);
  const url = typeof args === 'string' ? args : args.url;
  if (!isAuthFailure(result.error) || !sentToken || NO_REFRESH.some((p) => url.startsWith(p))) {
    return result;
  }
  const current = tokenOf(api);
  // Signed out meanwhile: nothing to retry with.
  if (!current) return result;
  if (current === sentToken) {
    const outcome = await refreshOnce(api, extraOptions);
    if (!('token' in outcome)) return result;
    if (!tokenOf(api)) return result;
  }
  // Either this refresh or one that finished while the call was on the wire gave a new token.
  return rawBaseQuery(args, api, extraOptions);
};

/** The store's one API; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['user', 'order', 'product'],
  keepUnusedDataFor: 60,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

/**
 * For a query a route's loader runs (`app/routes.tsx`): the page mounting right after takes what
 * the loader just fetched instead of asking again, and asks again for anything older.
 */
export const fedByLoader = { refetchOnMountOrArgChange: 15 } as const;

/** The HTTP status of an RTK Query error (a number, or a word such as `FETCH_ERROR`). */
export function errorStatus(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error
    ? error.status
    : undefined;
}

/** The server's message from an RTK Query error, if it sent one. */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: Partial<ErrorEnvelope> | null }).data;
    if (data && typeof data.message === 'string' && data.message.length > 0) return data.message;
  }
  return undefined;
}

/**
 * Field errors from a 400 answer, keyed by the field's path inside the request part: `body.name`
 * is `name`, and a nested `body.sizes.1.label` stays `sizes.1.label`, so a form can show it on
 * that row's own cell.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('data' in error)) return {};
  const details = (error as { data?: Partial<ErrorEnvelope> | null }).data?.details ?? [];
  const out: Record<string, string> = {};
  for (const d of details) {
    const field = d.path.replace(/^(body|query|params)\./, '');
    if (field && !(field in out)) out[field] = d.message;
  }
  return out;
}
