import { beforeEach, describe, expect, it } from 'vitest';
import {
  formData,
  signIn,
  type SignedInSession,
  setBlocked,
} from '#server/test/accounts-helpers.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';

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

/** Statuses in the order anonymous, customer, otherCustomer, blockedCustomer, admin. */
const by = (
  anonymous: number,
  customer: number,
  otherCustomer: number,
  blockedCustomer: number,
  admin: number,
): Record<ActorName, number> => ({ anonymous, customer, otherCustomer, blockedCustomer, admin });
const everyone = (status: number) => by(status, status, status, status, status);
const signedIn = by(401, 200, 200, 403, 200);
const adminOnly = by(401, 403, 403, 403, 200);

const call = (method: Call['method'], url: string, rest: Partial<Call> = {}): Call => ({
  method,
  url,
  ...rest,
});
const withRefreshCookie = (actor: Actor): Partial<Call> =>
  actor.session ? { cookies: { refreshToken: actor.session.cookie } } : {};
const block = (userId: string) =>
  call('PATCH', `/api/v1/users/${userId}/status`, { payload: { isBlocked: true } });

let seq = 0;
const newRider = () => {
  seq += 1;
  const email = `new-${String(seq)}-${String(Date.now())}@example.com`;
  return { name: 'New Rider', email, password: 'secret1' };
};

const rows: Row[] = [
  {
    endpoint: 'POST /auth/register',
    expected: everyone(201),
    request: () => call('POST', '/api/v1/auth/register', { payload: newRider() }),
  },
  {
    endpoint: 'POST /auth/login',
    expected: by(401, 200, 200, 403, 200),
    request: (actor) =>
      call('POST', '/api/v1/auth/login', {
        payload: { email: actor.user?.email ?? 'nobody@example.com', password: TEST_PASSWORD },
      }),
  },
  {
    endpoint: 'POST /auth/logout',
    expected: everyone(200),
    request: (actor) => call('POST', '/api/v1/auth/logout', withRefreshCookie(actor)),
  },
  {
    endpoint: 'POST /auth/refresh-token',
    expected: by(401, 200, 200, 401, 200),
    request: (actor) => call('POST', '/api/v1/auth/refresh-token', withRefreshCookie(actor)),
  },
  {
    endpoint: 'GET /users/me',
    expected: signedIn,
    request: () => call('GET', '/api/v1/users/me'),
  },
  {
    endpoint: 'PATCH /users/update',
    expected: signedIn,
    request: () =>
      call('PATCH', '/api/v1/users/update', { payload: formData({ name: 'Renamed Rider' }) }),
  },
  {
    endpoint: 'POST /users/change-password',
    expected: signedIn,
    request: () =>
      call('POST', '/api/v1/users/change-password', {
        payload: { oldPassword: TEST_PASSWORD, newPassword: 'another-pass' },
      }),
  },
  { endpoint: 'GET /users', expected: adminOnly, request: () => call('GET', '/api/v1/users') },
  {
    endpoint: "PATCH /users/:userId/status (the customer's)",
    expected: adminOnly,
    request: (_actor, ids) => block(ids.customer),
  },
  {
    endpoint: "PATCH /users/:userId/status (an admin's)",
    expected: by(401, 403, 403, 403, 403),
    request: (_actor, ids) => block(ids.admin),
  },
];

const ACTORS: ActorName[] = ['anonymous', 'customer', 'otherCustomer', 'blockedCustomer', 'admin'];
const cases = rows.flatMap((row) =>
  ACTORS.map((actor) => ({ row, actor, status: row.expected[actor] })),
);

describe('who may call each accounts endpoint', () => {
  let actors: Record<ActorName, Actor>;
  let ids: { customer: string; admin: string };

  const ctx = useTestContext();

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
    const blocked = await setBlocked(ctx, admin.auth, blockedCustomer.id, true);
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
