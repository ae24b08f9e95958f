import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, type AppStore } from '#client/app/store.ts';
import { setCredentials } from '#client/lib/session.ts';
import { memoryStorage, testUser } from '#client/test/testing.tsx';
import { api } from './api.ts';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
  }),
});

const user = testUser();

function signedInStore(token: string): AppStore {
  const { store } = makeStore(memoryStorage());
  store.dispatch(setCredentials({ user, token }));
  return store;
}

interface Seen {
  path: string;
  authorization: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A server whose only valid access token is `valid`; the refresh answers with `refresh()`. */
function fakeServer(refresh: () => Response | Promise<Response>, refusal: 401 | 403 = 401) {
  const seen: Seen[] = [];
  const fetchFn = (input: RequestInfo | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    const path = new URL(request.url).pathname;
    seen.push({ path, authorization: request.headers.get('authorization') });
    if (path === '/api/v1/auth/refresh-token') return Promise.resolve(refresh());
    if (request.headers.get('authorization') === 'valid') {
      return Promise.resolve(json(200, { success: true, message: 'ok', data: path }));
    }
    return Promise.resolve(
      json(refusal, { success: false, message: 'Your session has expired', code: 'UNAUTHORIZED' }),
    );
  };
  vi.stubGlobal('fetch', vi.fn(fetchFn));
  return {
    seen,
    refreshCalls: () => seen.filter((s) => s.path === '/api/v1/auth/refresh-token').length,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the re-authenticating base query', () => {
  it('sends the stored token raw in Authorization', async () => {
    const server = fakeServer(() => json(401, {}));
    const store = signedInStore('valid');
    const result = await store.dispatch(probe.endpoints.probe.initiate('/products'));
    expect(result.data).toEqual({ success: true, message: 'ok', data: '/api/v1/products' });
    expect(server.seen).toEqual([{ path: '/api/v1/products', authorization: 'valid' }]);
  });

  it('refreshes once for two calls failing together, then retries both with the new token', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer(async () => {
      // Hold the refresh until both calls have failed, so they really overlap.
      await gate;
      return json(200, { success: true, message: 'ok', data: { accessToken: 'valid' } });
    });
    const store = signedInStore('expired');

    const first = store.dispatch(probe.endpoints.probe.initiate('/orders'));
    const second = store.dispatch(probe.endpoints.probe.initiate('/users/me'));
    await vi.waitFor(() => {
      expect(
        server.seen.filter(
          (s) => s.authorization === 'expired' && !s.path.endsWith('/refresh-token'),
        ),
      ).toHaveLength(2);
      expect(server.refreshCalls()).toBe(1);
    });
    release();
    const [a, b] = await Promise.all([first, second]);

    expect(a.data).toMatchObject({ data: '/api/v1/orders' });
    expect(b.data).toMatchObject({ data: '/api/v1/users/me' });
    expect(server.refreshCalls()).toBe(1);
    expect(
      server.seen
        .filter((s) => s.authorization === 'valid')
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/api/v1/orders', '/api/v1/users/me']);
    expect(store.getState().auth).toMatchObject({ user, token: 'valid' });
  });

  it('refreshes on 403 as well', async () => {
    const server = fakeServer(
      () => json(200, { success: true, message: 'ok', data: { accessToken: 'valid' } }),
      403,
    );
    const store = signedInStore('stale');
    const result = await store.dispatch(probe.endpoints.probe.initiate('/orders'));
    expect(result.data).toMatchObject({ data: '/api/v1/orders' });
    expect(server.refreshCalls()).toBe(1);
    expect(store.getState().auth.token).toBe('valid');
  });

  it('clears the session when the refresh is refused', async () => {
    const server = fakeServer(() =>
      json(401, { success: false, message: 'Please sign in again', code: 'UNAUTHORIZED' }),
    );
    const store = signedInStore('expired');

    const [a, b] = await Promise.all([
      store.dispatch(probe.endpoints.probe.initiate('/orders')),
      store.dispatch(probe.endpoints.probe.initiate('/users/me')),
    ]);

    expect(a.error).toMatchObject({ status: 401 });
    expect(b.error).toMatchObject({ status: 401 });
    expect(server.refreshCalls()).toBe(1);
    expect(store.getState().auth).toMatchObject({ user: null, token: null });
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    fakeServer(() =>
      json(503, { success: false, message: 'Service unavailable', code: 'UNAVAILABLE' }),
    );
    const store = signedInStore('expired');
    const result = await store.dispatch(probe.endpoints.probe.initiate('/orders'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().auth.token).toBe('expired');
  });

  it('does not refresh for a signed-out visitor or a refused sign-in', async () => {
    const server = fakeServer(() =>
      json(200, { success: true, message: 'ok', data: { accessToken: 'valid' } }),
    );
    const { store } = makeStore(memoryStorage());
    const anonymous = await store.dispatch(probe.endpoints.probe.initiate('/users/me'));
    expect(anonymous.error).toMatchObject({ status: 401 });

    const signedIn = signedInStore('expired');
    const login = await signedIn.dispatch(probe.endpoints.probe.initiate('/auth/login'));
    expect(login.error).toMatchObject({ status: 401 });
    expect(server.refreshCalls()).toBe(0);
    expect(signedIn.getState().auth.token).toBe('expired');
  });
});
