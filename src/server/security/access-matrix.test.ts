import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#shared/contract/envelope.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { futureExpiry, SUCCESS_CARD, usAddress } from '../test/orders-helpers.ts';
import { type TestContext, useTestContext } from '../test/test-app.ts';
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
type Build = (world: World, actor: Actor, ctx: TestContext) => Request;

interface Row {
  expected: Expected;
  /** Left out where the call is the route's own method and path, with nothing to send. */
  request?: Build;
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

const expectedOf = (
  anonymous: number,
  customer: number,
  otherCustomer: number,
  blockedCustomer: number,
  admin: number,
): Expected => ({ anonymous, customer, otherCustomer, blockedCustomer, admin });
const all = (status: number): Expected => expectedOf(status, status, status, status, status);
/** Signed-in users only; a blocked account is refused even with a valid token. */
const signedIn = (status: number): Expected => expectedOf(401, status, status, 403, status);
const adminOnly = (status: number): Expected => expectedOf(401, 403, 403, 403, status);
const REVIEW_POST = expectedOf(401, 403, 403, 403, 403);
/** Whoever holds a valid account: the anonymous caller has none, the blocked one is refused. */
const accountHolders = expectedOf(401, 200, 200, 403, 200);

const row = (expected: Expected, request?: Build): Row => ({
  expected,
  ...(request ? { request } : {}),
});
const at = (method: Request['method'], url: string, rest: Partial<Request> = {}): Request => ({
  method,
  url,
  ...rest,
});
const withRefreshCookie = (actor: Actor): Partial<Request> =>
  actor.refreshToken ? { cookies: { refreshToken: actor.refreshToken } } : {};
const bicycleForm = (name: string, category: string, price: string, quantity: string, by: string) =>
  form({
    name,
    brand: 'Matrix',
    category,
    price,
    quantity,
    description: `${by} the access matrix.`,
  });

let emailSeq = 0;
const newRider = () => {
  emailSeq += 1;
  const email = `matrix-${String(emailSeq)}-${String(Date.now())}@example.com`;
  return { name: 'New Rider', email, password: 'secret1' };
};
const payForm = (ctx: TestContext): Partial<Request> => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({
    cardNumber: SUCCESS_CARD,
    expiry: futureExpiry(ctx),
    cvc: '123',
    action: 'pay',
  }).toString(),
});

const shopBody = (name: string) => ({
  name,
  address: usAddress({ name }),
  hours: 'Mon-Sat 09:00-18:00',
  leadDays: 2,
});

/**
 * Who may call what, in one table. The order and checkout used by the owned-resource rows belong
 * to `customer`; `otherCustomer` must not learn they exist.
 */
const TABLE: Record<string, Row> = {
  'GET /api/v1/health': row(all(200)),
  'POST /api/v1/auth/register': row(all(201), () =>
    at('POST', '/api/v1/auth/register', { payload: newRider() }),
  ),
  'POST /api/v1/auth/login': row(accountHolders, (_w, actor) =>
    at('POST', '/api/v1/auth/login', {
      payload: { email: actor.user?.email ?? 'nobody@example.com', password: TEST_PASSWORD },
    }),
  ),
  'POST /api/v1/auth/logout': row(all(200), (_w, actor) =>
    at('POST', '/api/v1/auth/logout', withRefreshCookie(actor)),
  ),
  'POST /api/v1/auth/refresh-token': row(accountHolders, (_w, actor) =>
    at('POST', '/api/v1/auth/refresh-token', withRefreshCookie(actor)),
  ),
  // The same answer for every caller: it tells nobody whether an address has an account.
  'POST /api/v1/auth/forgot-password': row(all(200), (_w, actor) =>
    at('POST', '/api/v1/auth/forgot-password', {
      payload: { email: actor.user?.email ?? 'nobody@example.com' },
    }),
  ),
  'POST /api/v1/auth/reset-password': row(all(400), () =>
    at('POST', '/api/v1/auth/reset-password', {
      payload: { token: 'x'.repeat(43), newPassword: 'another-pass' },
    }),
  ),
  'GET /api/v1/users/me': row(signedIn(200)),
  'PATCH /api/v1/users/update': row(signedIn(200), () =>
    at('PATCH', '/api/v1/users/update', { payload: form({ name: 'Renamed Rider' }) }),
  ),
  'PUT /api/v1/users/me/fit': row(signedIn(200), () =>
    at('PUT', '/api/v1/users/me/fit', { payload: { riderHeightCm: 178, inseamCm: 82 } }),
  ),
  'POST /api/v1/users/change-password': row(signedIn(200), () =>
    at('POST', '/api/v1/users/change-password', {
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'another-pass' },
    }),
  ),
  'GET /api/v1/users': row(adminOnly(200)),
  'PATCH /api/v1/users/:userId/status': row(adminOnly(200), (w) =>
    at('PATCH', `/api/v1/users/${w.actors.otherCustomer.user?.id ?? ''}/status`, {
      payload: { isBlocked: true },
    }),
  ),
  'GET /robots.txt': row(all(200)),
  'GET /sitemap.xml': row(all(200)),
  'GET /sitemap-pages.xml': row(all(200)),
  'GET /sitemap-products-:part': row(all(200), () => at('GET', '/sitemap-products-1.xml')),
  'GET /api/v1/products': row(all(200)),
  'GET /api/v1/products/facets': row(all(200), () =>
    at('GET', '/api/v1/products/facets?size=M&riderHeightCm=175'),
  ),
  'GET /api/v1/products/:id': row(all(200), (w) => at('GET', `/api/v1/products/${w.productId}`)),
  'GET /api/v1/products/slug/:slug': row(all(200), (w) =>
    at('GET', `/api/v1/products/slug/${w.productSlug}`),
  ),
  'POST /api/v1/products': row(adminOnly(201), () =>
    at('POST', '/api/v1/products', {
      payload: bicycleForm('Matrix Tourer', 'Hybrid Bicycle', '300', '3', 'Made by'),
    }),
  ),
  'PUT /api/v1/products/:id': row(adminOnly(200), (w) =>
    at('PUT', `/api/v1/products/${w.productId}`, {
      payload: bicycleForm('Matrix Roadster II', 'Road Bicycle', '260', '40', 'Updated by'),
    }),
  ),
  'DELETE /api/v1/products/:id': row(adminOnly(200), (w) =>
    at('DELETE', `/api/v1/products/${w.productId}`),
  ),
  'GET /api/v1/products/suggest': row(all(200), () => at('GET', '/api/v1/products/suggest?q=ma')),
  'GET /api/v1/products/inventory': row(adminOnly(200)),
  'GET /api/v1/products/export.csv': row(adminOnly(200)),
  // Access is decided before the file is read: the admin's empty form is only invalid.
  'POST /api/v1/products/import': row(adminOnly(400), () =>
    at('POST', '/api/v1/products/import?dryRun=true', { payload: form({ note: 'none' }) }),
  ),
  'GET /api/v1/products/:id/stock-ledger': row(adminOnly(200), (w) =>
    at('GET', `/api/v1/products/${w.productId}/stock-ledger`),
  ),
  'PATCH /api/v1/products/:id/stock': row(adminOnly(200), (w) =>
    at('PATCH', `/api/v1/products/${w.productId}/stock`, { payload: { quantity: 12 } }),
  ),
  // Access is decided before the form is read: the admin's form without a picture is only invalid.
  'POST /api/v1/products/:id/images': row(adminOnly(400), (w) =>
    at('POST', `/api/v1/products/${w.productId}/images`, { payload: form({ alt: 'Side view' }) }),
  ),
  // The world's bicycle has no pictures: the empty list is its whole gallery.
  'PUT /api/v1/products/:id/images': row(adminOnly(200), (w) =>
    at('PUT', `/api/v1/products/${w.productId}/images`, { payload: [] }),
  ),
  'DELETE /api/v1/products/:id/images/:imageId': row(adminOnly(404), (w) =>
    at('DELETE', `/api/v1/products/${w.productId}/images/00000000-0000-4000-8000-000000000000`),
  ),
  'GET /api/v1/products/:id/reviews': row(all(200), (w) =>
    at('GET', `/api/v1/products/${w.productId}/reviews`),
  ),
  // The customer's order is not Completed; nobody else may review it; admins write no reviews.
  'POST /api/v1/products/:id/reviews': row(REVIEW_POST, (w) =>
    at('POST', `/api/v1/products/${w.otherProductId}/reviews`, {
      payload: { orderId: w.orderId, rating: 5, title: 'Great', body: 'Rides well.', fit: 'true' },
    }),
  ),
  'GET /api/v1/reviews': row(adminOnly(200)),
  'PATCH /api/v1/reviews/:id': row(adminOnly(404), () =>
    at('PATCH', '/api/v1/reviews/00000000-0000-4000-8000-000000000000', {
      payload: { hidden: true, reason: 'Spam' },
    }),
  ),
  'GET /api/v1/orders': row(signedIn(200)),
  'POST /api/v1/orders/order/create': row(expectedOf(401, 201, 201, 403, 403), (w) =>
    at('POST', '/api/v1/orders/order/create', {
      payload: {
        product: w.otherProductId,
        quantity: 1,
        fulfilment: { method: 'collect', locationId: w.locationId },
      },
    }),
  ),
  // By number: another customer must not learn that the number exists.
  'GET /api/v1/orders/:orderId': row(expectedOf(401, 200, 404, 403, 200), (w) =>
    at('GET', `/api/v1/orders/${w.orderNumber}`),
  ),
  'POST /api/v1/orders/:orderId/pay': row(expectedOf(401, 200, 404, 403, 403), (w) =>
    at('POST', `/api/v1/orders/${w.orderId}/pay`, { payload: {} }),
  ),
  // The customer names a shop; the admin's move is refused only because the order is unpaid.
  'PATCH /api/v1/orders/:orderId/fulfilment': row(expectedOf(401, 200, 404, 403, 409), (w, a) =>
    at('PATCH', `/api/v1/orders/${w.orderId}/fulfilment`, {
      payload: a.name === 'admin' ? { state: 'ReadyForCollection' } : { locationId: w.locationId },
    }),
  ),
  'GET /api/v1/users/me/addresses': row(signedIn(200)),
  'POST /api/v1/users/me/addresses': row(signedIn(201), () =>
    at('POST', '/api/v1/users/me/addresses', { payload: { address: usAddress() } }),
  ),
  // The address belongs to `customer`: everyone else is told it does not exist.
  'PUT /api/v1/users/me/addresses/:id': row(expectedOf(401, 200, 404, 403, 404), (w) =>
    at('PUT', `/api/v1/users/me/addresses/${w.addressId}`, {
      payload: { address: usAddress({ line1: '1 Matrix Road' }) },
    }),
  ),
  'DELETE /api/v1/users/me/addresses/:id': row(expectedOf(401, 200, 404, 403, 404), (w) =>
    at('DELETE', `/api/v1/users/me/addresses/${w.addressId}`),
  ),
  'GET /api/v1/locations': row(all(200)),
  'POST /api/v1/locations': row(adminOnly(201), () =>
    at('POST', '/api/v1/locations', { payload: shopBody('Matrix Cycles') }),
  ),
  'PUT /api/v1/locations/:id': row(adminOnly(200), (w) =>
    at('PUT', `/api/v1/locations/${w.locationId}`, { payload: shopBody('Matrix Cycles II') }),
  ),
  'DELETE /api/v1/locations/:id': row(adminOnly(200), (w) =>
    at('DELETE', `/api/v1/locations/${w.locationId}`),
  ),
  'GET /api/v1/orders/order/verify': row(expectedOf(401, 200, 404, 403, 200), (w) =>
    at('GET', `/api/v1/orders/order/verify?order_id=${w.orderId}`),
  ),
  'PATCH /api/v1/orders/:orderId/cancel': row(expectedOf(401, 200, 404, 403, 403), (w) =>
    at('PATCH', `/api/v1/orders/${w.orderId}/cancel`),
  ),
  'PATCH /api/v1/orders/:orderId/status': row(adminOnly(200), (w) =>
    at('PATCH', `/api/v1/orders/${w.orderId}/status`, { payload: { status: 'Ongoing' } }),
  ),
  'GET /api/v1/dashboard/summary': row(adminOnly(200)),
  // The world's product is in stock: nobody may wait for it. The access token is optional, but
  // a blocked account's is refused, as everywhere.
  'POST /api/v1/products/:id/stock-alerts': row(expectedOf(400, 400, 400, 403, 400), (w) =>
    at('POST', `/api/v1/products/${w.productId}/stock-alerts`, {
      payload: { email: 'rider@example.com' },
    }),
  ),
  // Opened from a mail: the token alone decides, never a session.
  'GET /api/v1/stock-alerts/unsubscribe': row(all(200), () =>
    at('GET', '/api/v1/stock-alerts/unsubscribe?token=unknown'),
  ),
  // The one-click POST and the confirmation: the link's token alone decides (here an unknown one).
  'POST /api/v1/stock-alerts/unsubscribe': row(all(404), () =>
    at('POST', '/api/v1/stock-alerts/unsubscribe?token=unknown'),
  ),
  'POST /api/v1/stock-alerts/confirm': row(all(400), () =>
    at('POST', '/api/v1/stock-alerts/confirm', { payload: { token: 'unknown' } }),
  ),
  'GET /stock-alerts/confirm': row(all(200), () => at('GET', '/stock-alerts/confirm?token=x')),
  'GET /api/v1/dashboard/stock-alerts': row(adminOnly(200)),
  'GET /api/v1/dashboard/mail': row(adminOnly(200), () =>
    at('GET', '/api/v1/dashboard/mail?status=failed'),
  ),
  // The hosted checkout is reached by its unguessable session URL, like a card provider's page.
  'GET /api/v1/payments/sandbox/checkout/:sessionId': row(all(200), (w) =>
    at('GET', w.checkoutPath),
  ),
  'POST /api/v1/payments/sandbox/checkout/:sessionId': row(all(303), (w, _a, ctx) =>
    at('POST', w.checkoutPath, payForm(ctx)),
  ),
  // Present only with PAYMENT_PROVIDER=stripe: authenticated by its signature, never by a user.
  'POST /api/v1/payments/stripe/webhook': row(all(400), () =>
    at('POST', '/api/v1/payments/stripe/webhook', {
      payload: { type: 'checkout.session.completed' },
    }),
  ),
};

/** The row's own request, or the route's method and path as the table names them. */
function requestOf(key: string, row: Row, world: World, actor: Actor, ctx: TestContext): Request {
  if (row.request) return row.request(world, actor, ctx);
  const [method, url] = key.split(' ');
  if (!method || !url || url.includes(':')) throw new Error(`${key} needs a request of its own`);
  return at(method, url);
}

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
  const res = await ctx.app.inject(asActor(actor, requestOf(key, row, world, actor, ctx)));
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
  const ctx = useTestContext();

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
  const ctx = useTestContext({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_matrix',
    STRIPE_WEBHOOK_SECRET: 'whsec_matrix',
    // Never reached: nothing here opens a checkout.
    STRIPE_API_BASE: 'http://127.0.0.1:9',
  });

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
