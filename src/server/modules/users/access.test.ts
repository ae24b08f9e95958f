import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formData, signIn, type SignedInSession } from '#server/test/accounts-helpers.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '#server/test/fixtures.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

type ActorName = 'anonymous' | 'customer' | 'otherCustomer' | 'blockedCustomer' | 'admin';

interface Actor {
  user?: TestUser;
  session?: SignedInSession;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  payload?: object;
  cookies?: Record<string, string>;
}

interface Row {
  endpoint: string;
  expected: Record<ActorName, number>;
  /** Builds the request as this actor would send it. */
  request: (actor: Actor, ids: { customer: string; admin: string }) => Call;
}

const everyone = (status: number): Record<ActorName, number> => ({
  anonymous: status,
  customer: status,
  otherCustomer: status,
  blockedCustomer: status,
  admin: status,
});

let seq = 0;

const rows: Row[] = [
  {
    endpoint: 'POST /auth/register',
    expected: everyone(201),
    request: () => {
      seq += 1;
      return {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          name: 'New Rider',
          email: `new-${String(seq)}-${String(Date.now())}@example.com`,
          password: 'secret1',
        },
      };
    },
  },
  {
    endpoint: 'POST /auth/login',
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 403,
      admin: 200,
    },
    request: (actor) => ({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: actor.user?.email ?? 'nobody@example.com', password: TEST_PASSWORD },
    }),
  },
  {
    endpoint: 'POST /auth/logout',
    expected: everyone(200),
    request: (actor) => ({
      method: 'POST',
      url: '/api/v1/auth/logout',
      ...(actor.session ? { cookies: { refreshToken: actor.session.cookie } } : {}),
    }),
  },
  {
    endpoint: 'POST /auth/refresh-token',
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 401,
      admin: 200,
    },
    request: (actor) => ({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      ...(actor.session ? { cookies: { refreshToken: actor.session.cookie } } : {}),
    }),
  },
  {
    endpoint: 'GET /users/me',
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 403,
      admin: 200,
    },
    request: () => ({ method: 'GET', url: '/api/v1/users/me' }),
  },
  {
    endpoint: 'PATCH /users/update',
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 403,
      admin: 200,
    },
    request: () => ({
      method: 'PATCH',
      url: '/api/v1/users/update',
      payload: formData({ name: 'Renamed Rider' }),
    }),
  },
  {
    endpoint: 'POST /users/change-password',
    expected: {
      anonymous: 401,
      customer: 200,
      otherCustomer: 200,
      blockedCustomer: 403,
      admin: 200,
    },
    request: () => ({
      method: 'POST',
      url: '/api/v1/users/change-password',
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'another-pass' },
    }),
  },
  {
    endpoint: 'GET /users',
    expected: {
      anonymous: 401,
      customer: 403,
      otherCustomer: 403,
      blockedCustomer: 403,
      admin: 200,
    },
    request: () => ({ method: 'GET', url: '/api/v1/users' }),
  },
  {
    endpoint: "PATCH /users/:userId/status (the customer's)",
    expected: {
      anonymous: 401,
      customer: 403,
      otherCustomer: 403,
      blockedCustomer: 403,
      admin: 200,
    },
    request: (_actor, ids) => ({
      method: 'PATCH',
      url: `/api/v1/users/${ids.customer}/status`,
      payload: { isBlocked: true },
    }),
  },
  {
    endpoint: "PATCH /users/:userId/status (an admin's)",
    expected: {
      anonymous: 401,
      customer: 403,
      otherCustomer: 403,
      blockedCustomer: 403,
      admin: 403,
    },
    request: (_actor, ids) => ({
      method: 'PATCH',
      url: `/api/v1/users/${ids.admin}/status`,
      payload: { isBlocked: true },
    }),
  },
];

const ACTORS: ActorName[] = ['anonymous', 'customer', 'otherCustomer', 'blockedCustomer', 'admin'];
const cases = rows.flatMap((row) =>
  ACTORS.map((actor) => ({ row, actor, status: row.expected[actor] })),
);

describe('who may call each accounts endpoint', () => {
  let ctx: TestContext;
  let actors: Record<ActorName, Actor>;
  let ids: { customer: string; admin: string };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    await ctx.reset();
    const admin = await createUser(ctx, { role: 'admin' });
    const customer = await createUser(ctx);
    const otherCustomer = await createUser(ctx);
    const blockedCustomer = await createUser(ctx);
    actors = {
      anonymous: {},
      customer: { user: customer, session: await signIn(ctx, customer.email, TEST_PASSWORD) },
      otherCustomer: {
        user: otherCustomer,
        session: await signIn(ctx, otherCustomer.email, TEST_PASSWORD),
      },
      blockedCustomer: {
        user: blockedCustomer,
        session: await signIn(ctx, blockedCustomer.email, TEST_PASSWORD),
      },
      admin: { user: admin, session: await signIn(ctx, admin.email, TEST_PASSWORD) },
    };
    // Blocked through the API while their access token is still valid.
    const blocked = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${blockedCustomer.id}/status`,
      headers: admin.auth,
      payload: { isBlocked: true },
    });
    expect(blocked.statusCode).toBe(200);
    ids = { customer: customer.id, admin: admin.id };
  });

  it.each(cases)('$row.endpoint as $actor answers $status', async ({ row, actor, status }) => {
    const who = actors[actor];
    const call = row.request(who, ids);
    const res = await ctx.app.inject({
      method: call.method,
      url: call.url,
      ...(call.payload ? { payload: call.payload } : {}),
      ...(call.cookies ? { cookies: call.cookies } : {}),
      ...(who.session ? { headers: { authorization: who.session.accessToken } } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ success: boolean }>().success).toBe(status < 400);
    expect(res.body).not.toMatch(/argon2|password_?hash|token_?hash/i);
    if (row.endpoint === 'GET /users/me' && status === 200) {
      // Each caller sees their own account, never another's.
      expect(res.json<{ data: { _id: string } }>().data._id).toBe(who.user?.id);
    }
  });
});
