import type { InjectOptions } from 'fastify';
import { startSession } from '../modules/auth/sessions.ts';
import { createProduct, createUser, type TestUser } from '../test/fixtures.ts';
import { placeOrderOk } from '../test/orders-helpers.ts';
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
  /** A pending, unpaid order placed by `customer` through the API. */
  orderId: string;
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
  return {
    actors,
    productId: product.id,
    productSlug: product.slug,
    orderId,
    checkoutPath,
    sessionId: checkoutPath.split('/').pop() ?? '',
  };
}

/** A world with no store behind it, for listing what a suite covers before any test runs. */
export function emptyWorld(): World {
  const actors = Object.fromEntries(
    ACTORS.map((name) => [name, { name, user: undefined, refreshToken: undefined, headers: {} }]),
  ) as Record<ActorName, Actor>;
  return { actors, productId: '', productSlug: '', orderId: '', checkoutPath: '', sessionId: '' };
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
