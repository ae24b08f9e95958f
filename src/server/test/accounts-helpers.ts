import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestContext } from './test-app.ts';

export interface RefreshCookie {
  value: string;
  /** The whole Set-Cookie line, attributes included. */
  raw: string;
}

/** The refreshToken cookie a response sets, if any. */
export function refreshCookieOf(res: LightMyRequestResponse): RefreshCookie | undefined {
  const header = res.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const raw = lines.find((line) => line.startsWith('refreshToken='));
  if (!raw) return undefined;
  return { value: decodeURIComponent(raw.slice('refreshToken='.length).split(';')[0] ?? ''), raw };
}

export interface SignedInSession {
  accessToken: string;
  cookie: string;
  auth: { authorization: string };
}

/**
 * Throws, naming `what`, unless the answer has this status: for the steps of a test that lead up
 * to what it checks. Returns the answer, so a step and its check read as one line.
 */
export function requireStatus(
  res: LightMyRequestResponse,
  status: number,
  what: string,
): LightMyRequestResponse {
  if (res.statusCode !== status)
    throw new Error(`${what} failed with ${String(res.statusCode)}: ${res.body}`);
  return res;
}

/** Signs in from `remoteAddress` (127.0.0.1 unless given). */
export async function login(
  ctx: TestContext,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** Signs in through the API and returns the access token and the refresh cookie. */
export async function signIn(
  ctx: TestContext,
  email: string,
  password: string,
): Promise<SignedInSession> {
  const res = requireStatus(await login(ctx, email, password), 200, 'sign-in');
  const accessToken = res.json<{ data: { accessToken: string } }>().data.accessToken;
  const cookie = refreshCookieOf(res)?.value;
  if (!cookie) throw new Error('sign-in set no refresh cookie');
  return { accessToken, cookie, auth: { authorization: accessToken } };
}

export function refresh(
  ctx: TestContext,
  cookie: string | undefined,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-token',
    ...(cookie === undefined ? {} : { cookies: { refreshToken: cookie } }),
  });
}

export function logout(ctx: TestContext, cookie: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    cookies: { refreshToken: cookie },
  });
}

/** The fields of a user as the API answers them: no password hash, no token. */
export const USER_FIELDS = [
  '_id',
  'avatar',
  'createdAt',
  'email',
  'inseamCm',
  'isBlocked',
  'name',
  'riderHeightCm',
  'role',
  'updatedAt',
];

/** A request with these credentials (none: anonymous) and, if given, this JSON body. */
export function injectAs(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  auth?: { authorization: string },
  payload?: object,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    ...(auth === undefined ? {} : { headers: auth }),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A GET with these credentials (none: anonymous). */
export function getAs(
  ctx: TestContext,
  url: string,
  auth?: { authorization: string },
): Promise<LightMyRequestResponse> {
  return injectAs(ctx, 'GET', url, auth);
}

/** GET /users/me with this access token. */
export function fetchMe(ctx: TestContext, accessToken: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/v1/users/me',
    headers: { authorization: accessToken },
  });
}

/** The claims of a JWT, read without checking it. */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

export interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
}

/** A multipart form as a browser would send it. */
export function formData(parts: Record<string, string | FilePart>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type }),
        value.filename,
      );
  }
  return form;
}

/** A small photo carrying EXIF (camera make, model and a description), as phones write them. */
export function jpegWithExif(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Camera', ImageDescription: 'home address' },
    })
    .toBuffer();
}

export function pngImage(width = 64, height = 64): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 20, g: 120, b: 220, alpha: 1 } },
  })
    .png()
    .toBuffer();
}

/** PATCH /users/:id/status as the holder of `auth`: blocks or unblocks the account. */
export function setBlocked(
  ctx: TestContext,
  auth: { authorization: string },
  userId: string,
  isBlocked: boolean,
): Promise<LightMyRequestResponse> {
  return injectAs(ctx, 'PATCH', `/api/v1/users/${userId}/status`, auth, { isBlocked });
}

/** POST /users/change-password as the holder of `auth`. */
export function changePassword(
  ctx: TestContext,
  auth: { authorization: string },
  oldPassword: string,
  newPassword: string,
): Promise<LightMyRequestResponse> {
  return injectAs(ctx, 'POST', '/api/v1/users/change-password', auth, { oldPassword, newPassword });
}
