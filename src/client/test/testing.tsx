import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import {
  createMemoryRouter,
  RouterProvider,
  type ActionFunction,
  type RouteObject,
} from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import type { Order } from '#shared/contract/order.ts';
import type { Product } from '#shared/contract/product.ts';
import type { User } from '#shared/contract/user.ts';
import { routerContextFor } from '#client/app/route-data.ts';
import type { KeyValueStorage } from '#client/app/saved-state.ts';
import { makeStore } from '#client/app/store.ts';
import { setCredentials } from '#client/lib/session.ts';

/** Test support: a real store on in-memory storage, a memory router and the toaster. */

export function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

/** Each call builds a new record, so a test may change its copy without touching the next. */
function fixture<T extends object>(defaults: T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults, ...overrides });
}

export const testUser = fixture<User>({
  _id: '0b6c3f0e-4a4e-4c55-9d43-8a0d2b1f7a11',
  name: 'Ada Rider',
  email: 'ada@example.com',
  role: 'customer',
  avatar: null,
  isBlocked: false,
  createdAt: '2024-01-05T00:00:00.000Z',
  updatedAt: '2024-01-05T00:00:00.000Z',
});

/** The dashboard's signed-in admin. */
export function testAdmin(overrides: Partial<User> = {}): User {
  return testUser({
    name: 'Store Admin',
    email: 'admin@example.com',
    role: 'admin',
    createdAt: '2024-01-05T12:00:00.000Z',
    updatedAt: '2024-01-05T12:00:00.000Z',
    ...overrides,
  });
}

/** What an order placed without a delivery or collection choice carries beside the spec's fields. */
export const testOrderFulfilment = fixture<Pick<Order, 'number' | 'fulfilment' | 'payableUntil'>>({
  number: 'BC-100001',
  fulfilment: {
    method: null,
    address: null,
    location: null,
    state: 'Unfulfilled',
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    readyBy: null,
  },
  payableUntil: null,
});

/** A one-size bicycle in stock, without pictures; tests add sizes, specs and what they need. */
export const testProduct = fixture<Product>({
  _id: '1a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Marlin 7',
  brand: 'Trek',
  slug: 'trek-marlin-7',
  category: 'Mountain Bike',
  price: 899.99,
  quantity: 5,
  description: 'A trail hardtail.',
  imageUrl: null,
  thumbnailUrl: null,
  inStock: true,
  createdAt: '2024-01-05T12:00:00.000Z',
  updatedAt: '2024-01-05T12:00:00.000Z',
});

/** The nth Trek of a made-up catalog: its own id, name and slug, the rest as `testProduct`. */
export function nthProduct(n: number, model: string, overrides: Partial<Product> = {}): Product {
  const name = `${model} ${String(n)}`;
  return testProduct({
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    slug: `trek-${name.toLowerCase().replace(' ', '-')}`,
    ...overrides,
  });
}

interface RenderOptions {
  user?: User;
  path?: string;
  initialEntry?: string | { pathname: string; state?: unknown };
  routes?: RouteObject[];
  /** The page's route action (its form posts to it), run on the test's store. */
  action?: ActionFunction;
}

export function renderWithStore(ui: ReactNode, options: RenderOptions = {}) {
  const { store } = makeStore(memoryStorage());
  if (options.user) store.dispatch(setCredentials({ user: options.user, token: 'access-token' }));
  const path = options.path ?? '/';
  const hasAction = Boolean(options.action ?? options.routes?.some((route) => route.action));
  const router = createMemoryRouter(
    [
      { path, element: ui, ...(options.action && { action: options.action }) },
      ...(options.routes ?? [{ path: '*', element: <p>Elsewhere</p> }]),
    ],
    {
      initialEntries: [options.initialEntry ?? path],
      // Actions reach the store through the router's context, as in the app (boot.tsx).
      ...(hasAction && { getContext: () => routerContextFor(store, false) }),
    },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster position="top-center" />
    </Provider>,
  );
  return { ...view, store, router };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Puts `answer` in place of fetch for this test; the returned mock records the requests. */
export function stubFetch(answer: (request: Request) => Response | Promise<Response>) {
  const mock = vi.fn((request: Request) => Promise.resolve(answer(request)));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A refusal in the API's envelope. */
export function errorResponse(status: number, message: string, code: string): Response {
  return jsonResponse(status, { success: false, message, code });
}

/** A successful answer in the API's envelope. */
export function okResponse(data: unknown): Response {
  return jsonResponse(200, { success: true, message: 'ok', data });
}

/** A list's first page in the API's envelope, holding every item there is. */
export function pageResponse(
  data: unknown[],
  limit: number,
  totalPages = data.length > 0 ? 1 : 0,
): Response {
  return jsonResponse(200, {
    success: true,
    message: 'ok',
    data,
    meta: { page: 1, limit, total: data.length, totalPages },
  });
}
