import type { InjectOptions } from 'fastify';
import { startSession } from '../modules/auth/sessions.ts';
import { createProduct, createUser, type TestUser } from '../test/fixtures.ts';
import { requireStatus } from '../test/accounts-helpers.ts';
import { createLocationAs, placeOrderOk, usAddress } from '../test/orders-helpers.ts';
import type { TestContext } from '../test/test-app.ts';

export const ACTORS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'blockedCustomer',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Actor {
  name: ActorName;
  user: TestUser | undefined;
  /** A live refresh token of this user's own session. */
  refreshToken: string | undefined;
  headers: Record<string, string>;
}

/** The store as every suite here starts it: four accounts, a bicycle, and an order of the customer's. */
export interface World {
  actors: Record<ActorName, Actor>;
  productId: string;
  productSlug: string;
  /** Another bicycle, that nobody has ordered. */
  otherProductId: string;
  /** A pending, unpaid order placed by `customer` through the API, and its number. */
  orderId: string;
  orderNumber: string;
  /** A shop to collect from, and an address in `customer`'s address book. */
  locationId: string;
  addressId: string;
  /** Its hosted checkout page, as a path. */
  checkoutPath: string;
  sessionId: string;
}

async function actor(
  ctx: TestContext,
  name: ActorName,
  user: TestUser | undefined,
): Promise<Actor> {
  const session = user
    ? await startSession(ctx.app.deps, { id: user.id, email: user.email, role: user.role })
    : undefined;
  return { name, user, refreshToken: session?.refreshToken, headers: user ? { ...user.auth } : {} };
}

/** The five callers, each with an access token and a refresh token of their own. */
export async function buildActors(ctx: TestContext): Promise<Record<ActorName, Actor>> {
  const customer = await createUser(ctx);
  const otherCustomer = await createUser(ctx);
  const admin = await createUser(ctx, { role: 'admin' });
  // Blocked with a token and a refresh token still in hand: the guards must refuse them anyway.
  const blockedCustomer = await createUser(ctx, { isBlocked: true });
  return {
    anonymous: await actor(ctx, 'anonymous', undefined),
    customer: await actor(ctx, 'customer', customer),
    otherCustomer: await actor(ctx, 'otherCustomer', otherCustomer),
    blockedCustomer: await actor(ctx, 'blockedCustomer', blockedCustomer),
    admin: await actor(ctx, 'admin', admin),
  };
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  await ctx.reset();
  const actors = await buildActors(ctx);
  const product = await createProduct(ctx, { name: 'Matrix Roadster', price: 250, quantity: 50 });
  const customer = actors.customer.user;
  if (!customer) throw new Error('the customer has no account');
  const { url, orderId } = await placeOrderOk(ctx, customer, product.id, 1);
  const checkoutPath = new URL(url).pathname;
  const otherProduct = await createProduct(ctx, { name: 'Matrix Tourer', quantity: 50 });
  const admin = actors.admin.user;
  if (!admin) throw new Error('the admin has no account');
  const location = await createLocationAs(ctx, admin);
  const address = requireStatus(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/addresses',
      headers: customer.auth,
      payload: { address: usAddress() },
    }),
    201,
    'address',
  ).json<{ data: { _id: string } }>().data;
  const order = requireStatus(
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}`,
      headers: customer.auth,
    }),
    200,
    'order',
  ).json<{ data: { number: string } }>().data;
  return {
    actors,
    productId: product.id,
    productSlug: product.slug,
    otherProductId: otherProduct.id,
    orderId,
    orderNumber: order.number,
    locationId: location._id,
    addressId: address._id,
    checkoutPath,
    sessionId: checkoutPath.split('/').pop() ?? '',
  };
}

/** A world with no store behind it, for listing what a suite covers before any test runs. */
export function emptyWorld(): World {
  const actors = Object.fromEntries(
    ACTORS.map((name) => [name, { name, user: undefined, refreshToken: undefined, headers: {} }]),
  ) as Record<ActorName, Actor>;
  return {
    actors,
    productId: '',
    productSlug: '',
    otherProductId: '',
    orderId: '',
    orderNumber: '',
    locationId: '',
    addressId: '',
    checkoutPath: '',
    sessionId: '',
  };
}

/** A multipart form as a browser sends it. */
export function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

export type Request = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

/** Sends the request as the actor: their access token in Authorization, unless the request sets its own. */
export function asActor(actorOf: Actor, request: Request): InjectOptions {
  return { ...request, headers: { ...actorOf.headers, ...request.headers } };
}
