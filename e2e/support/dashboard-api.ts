import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { DashboardSummary } from '#shared/contract/dashboard.ts';
import type { z } from 'zod';
import type { fulfilmentInputSchema, Order } from '#shared/contract/order.ts';
import type { Product } from '#shared/contract/product.ts';
import type { User } from '#shared/contract/user.ts';
import { E2E_ADMIN } from '../global-setup.ts';
import { uniqueTag } from './unique.ts';

const API = '/api/v1';

export interface Session {
  user: User;
  token: string;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** An address no other run or project has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${uniqueTag()}@example.test`;
}

/** The session a sign-up or sign-in answered, once it answered `status`. */
async function sessionFrom(res: APIResponse, status: number): Promise<Session> {
  expect(res.status(), await res.text()).toBe(status);
  const body = (await res.json()) as Envelope<{ user: User; accessToken: string }>;
  return { user: body.data.user, token: body.data.accessToken };
}

export async function signUp(
  request: APIRequestContext,
  name: string,
  email: string,
  password: string,
): Promise<Session> {
  return sessionFrom(
    await request.post(`${API}/auth/register`, { data: { name, email, password } }),
    201,
  );
}

/** The status of a sign-in attempt, for checking whether an account may sign in. */
export async function signInStatus(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<number> {
  const res = await request.post(`${API}/auth/login`, { data: { email, password } });
  return res.status();
}

export async function signInAdmin(request: APIRequestContext): Promise<Session> {
  const res = await request.post(`${API}/auth/login`, {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  return sessionFrom(res, 200);
}

export async function summary(
  request: APIRequestContext,
  admin: Session,
): Promise<DashboardSummary> {
  const res = await request.get(`${API}/dashboard/summary`, {
    headers: { authorization: admin.token },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Envelope<DashboardSummary>).data;
}

/** Bicycles of the demo catalog with enough stock to be ordered. */
export async function productsInStock(
  request: APIRequestContext,
  count: number,
): Promise<Product[]> {
  const res = await request.get(`${API}/products`, {
    params: { stock: 'inStock', limit: 100, sort: 'name' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const list = ((await res.json()) as Envelope<Product[]>).data.filter((p) => p.quantity >= 5);
  expect(list.length).toBeGreaterThanOrEqual(count);
  // Spread the journeys over the catalog so no bicycle runs out across runs.
  const start = Math.floor(Math.random() * (list.length - count + 1));
  return list.slice(start, start + count);
}

export async function findOrder(
  request: APIRequestContext,
  session: Session,
  orderId: string,
): Promise<Order> {
  const res = await request.get(`${API}/orders`, {
    headers: { authorization: session.token },
    params: { limit: 100 },
  });
  expect(res.status(), await res.text()).toBe(200);
  const order = ((await res.json()) as Envelope<Order[]>).data.find((o) => o._id === orderId);
  expect(order, `order ${orderId} is listed`).toBeDefined();
  return order!;
}

function futureExpiry(): string {
  const next = new Date();
  next.setUTCFullYear(next.getUTCFullYear() + 2);
  return `${String(next.getUTCMonth() + 1).padStart(2, '0')}/${String(next.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/**
 * A customer orders and pays with the sandbox's test card (4242 4242 4242 4242), and the store
 * confirms the payment as the payment result page does. `size` is required for a sized bicycle;
 * `fulfilment` (delivery to an address or collection in a shop) is left out as the spec's client
 * leaves it out, unless given.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  customer: Session,
  productId: string,
  quantity: number,
  size?: string,
  fulfilment?: z.input<typeof fulfilmentInputSchema>,
): Promise<Order> {
  const created = await request.post(`${API}/orders/order/create`, {
    headers: { authorization: customer.token },
    data: {
      product: productId,
      quantity,
      ...(size === undefined ? {} : { size }),
      ...(fulfilment === undefined ? {} : { fulfilment }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkoutUrl = ((await created.json()) as Envelope<string>).data;
  const page = await request.get(checkoutUrl);
  expect(page.status()).toBe(200);
  const paid = await request.post(checkoutUrl, {
    form: { cardNumber: '4242424242424242', expiry: futureExpiry(), cvc: '123', action: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  const location = new URL(paid.headers().location ?? '', 'http://store.test');
  const orderId = location.searchParams.get('order_id') ?? '';
  expect(orderId).not.toBe('');
  const verified = await request.get(`${API}/orders/order/verify`, {
    headers: { authorization: customer.token },
    params: { order_id: orderId },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const [first] = ((await verified.json()) as Envelope<{ bank_status: string }[]>).data;
  expect(first?.bank_status).toBe('Success');
  return findOrder(request, customer, orderId);
}
