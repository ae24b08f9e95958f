import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { ErrorEnvelope } from '#shared/contract/envelope.ts';
import { clientConfig } from '../config.ts';
import { logout, setToken } from '../features/auth/auth-slice.ts';

interface TokenState {
  auth: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: clientConfig.apiBaseUrl,
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    // The spec's client sends the token raw, without a Bearer prefix.
    const token = (getState() as TokenState).auth.token;
    if (token) headers.set('authorization', token);
    return headers;
  },
});

const NO_REFRESH = ['/auth/login', '/auth/register', '/auth/refresh-token', '/auth/logout'];

let refreshing: Promise<string | null> | null = null;

/**
 * On 401 or 403, asks for a new access token once (a single request in flight however many
 * calls failed together), retries the call, and logs out when the refresh is refused.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const status = result.error?.status;
  const url = typeof args === 'string' ? args : args.url;
  const hadToken = Boolean((api.getState() as TokenState).auth.token);
  if ((status !== 401 && status !== 403) || !hadToken || NO_REFRESH.some((p) => url.startsWith(p))) {
    return result;
  }
  refreshing ??= (async () => {
    try {
      const refreshed = await rawBaseQuery({ url: '/auth/refresh-token', method: 'POST' }, api, extraOptions);
      const data = refreshed.data as { data?: { accessToken?: string } } | undefined;
      return data?.data?.accessToken ?? null;
    } finally {
      // Let the next wave of failures start a new refresh.
      setTimeout(() => {
        refreshing = null;
      }, 0);
    }
  })();
  const token = await refreshing;
  if (!token) {
    api.dispatch(logout());
    return result;
  }
  api.dispatch(setToken(token));
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

/** The server's message from an RTK Query error, if it sent one. */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'data' in error) {
    const data = (error as { data?: Partial<ErrorEnvelope> }).data;
    if (data && typeof data.message === 'string') return data.message;
  }
  return undefined;
}

/** Field errors from a 400 answer, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('data' in error)) return {};
  const details = (error as { data?: Partial<ErrorEnvelope> }).data?.details ?? [];
  const out: Record<string, string> = {};
  for (const d of details) {
    const field = d.path.split('.').pop();
    if (field && !(field in out)) out[field] = d.message;
  }
  return out;
}
