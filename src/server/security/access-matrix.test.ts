import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { futureExpiry, SUCCESS_CARD } from '../test/orders-helpers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { routeKeys } from './route-table.ts';
import {
  ACTORS,
  asActor,
  buildActors,
  buildWorld,
  emptyWorld,
  form,
  type Actor,
  type ActorName,
  type Request,
  type World,
} from './world.ts';

type Expected = Record<ActorName, number>;

interface Row {
  expected: Expected;
  request: (world: World, actor: Actor, ctx: TestContext) => Request;
}

/** Routes that are not the JSON API, each with the reason it has no row. */
const EXCLUDED: Record<string, string> = {
  'GET /api/docs': 'OpenAPI browser (off in production)',
  'GET /api/docs/*': 'OpenAPI browser assets',
  'GET /api/docs/json': 'OpenAPI document',
  'GET /api/docs/yaml': 'OpenAPI document',
  'GET /api/docs/static/index.html': 'OpenAPI browser page',
  'GET /api/docs/static/swagger-initializer.js': 'OpenAPI browser script',
  'OPTIONS *': 'CORS preflight, covered by headers.test.ts',
};

const all = (status: number): Expected => ({
  anonymous: status,
  customer: status,
  otherCustomer: status,
  blockedCustomer: status,
  admin: status,
});
/** Signed-in users only; a blocked account is refused even with a valid token. */
const signedIn = (status: number): Expected => ({
  anonymous: 401,
  customer: status,
  otherCustomer: status,
  blockedCustomer: 403,
  admin: status,
});
const adminOnly = (status: number): Expected => ({
  anonymous: 401,
  customer: 403,
  otherCustomer: 403,
  blockedCustomer: 403,
  admin: status,
});

let emailSeq = 0;

/**
 * Who may call what, in one table. The order and checkout used by the owned-resource rows belong
 * to `customer`; `otherCustomer` must not learn they exist.
 */
const TABLE: Record<string, Row> = {
  'GET /api/v1/health': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/api/v1/health' }),
  },
  'POST /api/v1/auth/register': {
    expected: all(201),
    request: () => {
      emailSeq += 1;
      return {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          name: 'New Rider',
          email: `matrix-${String(emailSeq)}-${String(Date.now())}@example.com`,
          password: 'secret1',
        },
      };
    },
  },
  'POST /api/v1/auth/login': {
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 403,
      admin: 200,
    },
    request: (_w, actor) => ({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: actor.user?.email ?? 'nobody@example.com', password: TEST_PASSWORD },
    }),
  },
  'POST /api/v1/auth/logout': {
    expected: all(200),
    request: (_w, actor) => ({
      method: 'POST',
      url: '/api/v1/auth/logout',
      ...(actor.refreshToken ? { cookies: { refreshToken: actor.refreshToken } } : {}),
    }),
  },
  'POST /api/v1/auth/refresh-token': {
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 403,
      admin: 200,
    },
    request: (_w, actor) => ({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      ...(actor.refreshToken ? { cookies: { refreshToken: actor.refreshToken } } : {}),
    }),
  },
  // The same answer for every caller: it tells nobody whether an address has an account.
  'POST /api/v1/auth/forgot-password': {
    expected: all(200),
    request: (_w, actor) => ({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: actor.user?.email ?? 'nobody@example.com' },
    }),
  },
  'POST /api/v1/auth/reset-password': {
    expected: all(400),
    request: () => ({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: 'x'.repeat(43), newPassword: 'another-pass' },
    }),
  },
  'GET /api/v1/users/me': {
    expected: signedIn(200),
    request: () => ({ method: 'GET', url: '/api/v1/users/me' }),
  },
  'PATCH /api/v1/users/update': {
    expected: signedIn(200),
    request: () => ({
      method: 'PATCH',
      url: '/api/v1/users/update',
      payload: form({ name: 'Renamed Rider' }),
    }),
  },
  'PUT /api/v1/users/me/fit': {
    expected: signedIn(200),
    request: () => ({
      method: 'PUT',
      url: '/api/v1/users/me/fit',
      payload: { riderHeightCm: 178, inseamCm: 82 },
    }),
  },
  'POST /api/v1/users/change-password': {
    expected: signedIn(200),
    request: () => ({
      method: 'POST',
      url: '/api/v1/users/change-password',
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'another-pass' },
    }),
  },
  'GET /api/v1/users': {
    expected: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/v1/users' }),
  },
  'PATCH /api/v1/users/:userId/status': {
    expected: adminOnly(200),
    request: (w) => ({
      method: 'PATCH',
      url: `/api/v1/users/${w.actors.otherCustomer.user?.id ?? ''}/status`,
      payload: { isBlocked: true },
    }),
  },
  'GET /robots.txt': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/robots.txt' }),
  },
  'GET /sitemap.xml': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/sitemap.xml' }),
  },
  'GET /sitemap-pages.xml': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/sitemap-pages.xml' }),
  },
  'GET /sitemap-products-:part': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/sitemap-products-1.xml' }),
  },
  'GET /api/v1/products': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/api/v1/products' }),
  },
  'GET /api/v1/products/facets': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/api/v1/products/facets?size=M&riderHeightCm=175' }),
  },
  'GET /api/v1/products/:id': {
    expected: all(200),
    request: (w) => ({ method: 'GET', url: `/api/v1/products/${w.productId}` }),
  },
  'GET /api/v1/products/slug/:slug': {
    expected: all(200),
    request: (w) => ({ method: 'GET', url: `/api/v1/products/slug/${w.productSlug}` }),
  },
  'POST /api/v1/products': {
    expected: adminOnly(201),
    request: () => ({
      method: 'POST',
      url: '/api/v1/products',
      payload: form({
        name: 'Matrix Tourer',
        brand: 'Matrix',
        category: 'Hybrid Bicycle',
        price: '300',
        quantity: '3',
        description: 'Made by the access matrix.',
      }),
    }),
  },
  'PUT /api/v1/products/:id': {
    expected: adminOnly(200),
    request: (w) => ({
      method: 'PUT',
      url: `/api/v1/products/${w.productId}`,
      payload: form({
        name: 'Matrix Roadster II',
        brand: 'Matrix',
        category: 'Road Bicycle',
        price: '260',
        quantity: '40',
        description: 'Updated by the access matrix.',
      }),
    }),
  },
  'DELETE /api/v1/products/:id': {
    expected: adminOnly(200),
    request: (w) => ({ method: 'DELETE', url: `/api/v1/products/${w.productId}` }),
  },
  'GET /api/v1/orders': {
    expected: signedIn(200),
    request: () => ({ method: 'GET', url: '/api/v1/orders' }),
  },
  'POST /api/v1/orders/order/create': {
    expected: {
      anonymous: 401,
      customer: 201,
      otherCustomer: 201,
      blockedCustomer: 403,
      admin: 403,
    },
    request: (w) => ({
      method: 'POST',
      url: '/api/v1/orders/order/create',
      payload: { product: w.productId, quantity: 1 },
    }),
  },
  'GET /api/v1/orders/order/verify': {
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 404,
      blockedCustomer: 403,
      admin: 200,
    },
    request: (w) => ({ method: 'GET', url: `/api/v1/orders/order/verify?order_id=${w.orderId}` }),
  },
  'PATCH /api/v1/orders/:orderId/cancel': {
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 404,
      blockedCustomer: 403,
      admin: 403,
    },
    request: (w) => ({ method: 'PATCH', url: `/api/v1/orders/${w.orderId}/cancel` }),
  },
  'PATCH /api/v1/orders/:orderId/status': {
    expected: adminOnly(200),
    request: (w) => ({
      method: 'PATCH',
      url: `/api/v1/orders/${w.orderId}/status`,
      payload: { status: 'Ongoing' },
    }),
  },
  'GET /api/v1/dashboard/summary': {
    expected: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/v1/dashboard/summary' }),
  },
  // The world's product is in stock: nobody may wait for it.
  'POST /api/v1/products/:id/stock-alerts': {
    expected: all(400),
    request: (w) => ({
      method: 'POST',
      url: `/api/v1/products/${w.productId}/stock-alerts`,
      payload: { email: 'rider@example.com' },
    }),
  },
  // Opened from a mail: the token alone decides, never a session.
  'GET /api/v1/stock-alerts/unsubscribe': {
    expected: all(200),
    request: () => ({ method: 'GET', url: '/api/v1/stock-alerts/unsubscribe?token=unknown' }),
  },
  'GET /api/v1/dashboard/stock-alerts': {
    expected: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/v1/dashboard/stock-alerts' }),
  },
  'GET /api/v1/dashboard/mail': {
    expected: adminOnly(200),
    request: () => ({ method: 'GET', url: '/api/v1/dashboard/mail?status=failed' }),
  },
  // The hosted checkout is reached by its unguessable session URL, like a card provider's page.
  'GET /api/v1/payments/sandbox/checkout/:sessionId': {
    expected: all(200),
    request: (w) => ({ method: 'GET', url: w.checkoutPath }),
  },
  'POST /api/v1/payments/sandbox/checkout/:sessionId': {
    expected: all(303),
    request: (w, _a, ctx) => ({
      method: 'POST',
      url: w.checkoutPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cardNumber: SUCCESS_CARD,
        expiry: futureExpiry(ctx),
        cvc: '123',
        action: 'pay',
      }).toString(),
    }),
  },
  // Present only with PAYMENT_PROVIDER=stripe: authenticated by its signature, never by a user.
  'POST /api/v1/payments/stripe/webhook': {
    expected: all(400),
    request: () => ({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      payload: { type: 'checkout.session.completed' },
    }),
  },
};

const STRIPE_ONLY = ['POST /api/v1/payments/stripe/webhook'];

function unlisted(keys: string[]): string[] {
  return keys.filter((key) => !(key in TABLE) && !(key in EXCLUDED));
}

async function expectStatus(
  ctx: TestContext,
  world: World,
  key: string,
  actorName: ActorName,
): Promise<void> {
  const row = TABLE[key];
  if (!row) throw new Error(`no row for ${key}`);
  const actor = world.actors[actorName];
  const res = await ctx.app.inject(asActor(actor, row.request(world, actor, ctx)));
  expect
    .soft(res.statusCode, `${key} as ${actorName}: ${res.body.slice(0, 300)}`)
    .toBe(row.expected[actorName]);
  if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
    expect
      .soft(errorEnvelopeSchema.safeParse(res.json()).success, `${key} as ${actorName}: envelope`)
      .toBe(true);
  }
}

const describeRow = (key: string): string =>
  `${key}: ${ACTORS.map((actor) => `${actor} ${String(TABLE[key]?.expected[actor])}`).join(', ')}`;

describe('access matrix (sandbox payments)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('has a row for every route the app serves, and no row for a route it does not serve', () => {
    const keys = routeKeys(ctx.app);
    expect(keys.length).toBeGreaterThan(20);
    expect(unlisted(keys), 'routes without a row in TABLE (or a reason in EXCLUDED)').toEqual([]);
    const stale = Object.keys(TABLE).filter(
      (key) => !STRIPE_ONLY.includes(key) && !keys.includes(key),
    );
    expect(stale, 'rows for routes the app does not serve').toEqual([]);
  });

  // One fresh store per route; the actors call in turn, the admin last, so that no caller's
  // answer depends on what an earlier one changed (the admin may delete the bicycle).
  const rows = Object.keys(TABLE)
    .filter((key) => !STRIPE_ONLY.includes(key))
    .map((key) => ({ key, title: describeRow(key) }));
  it.each(rows)('$title', async ({ key }) => {
    const world = await buildWorld(ctx);
    for (const actor of ACTORS) await expectStatus(ctx, world, key, actor);
  });
});

describe('access matrix (Stripe payments)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_WEBHOOK_SECRET: 'whsec_matrix',
      // Never reached: nothing here opens a checkout.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => ctx.close());

  it('has a row for every route, the webhook included', () => {
    const keys = routeKeys(ctx.app);
    expect(unlisted(keys)).toEqual([]);
    for (const key of STRIPE_ONLY) expect(keys).toContain(key);
  });

  it(describeRow('POST /api/v1/payments/stripe/webhook'), async () => {
    await ctx.reset();
    const world: World = { ...emptyWorld(), actors: await buildActors(ctx) };
    for (const actor of ACTORS)
      await expectStatus(ctx, world, 'POST /api/v1/payments/stripe/webhook', actor);
  });
});
