import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE } from '#shared/contract/session-hint.ts';
import type { Config } from '#server/config.ts';

export const REFRESH_COOKIE = 'refreshToken';
/** The browser sends the refresh token to the auth endpoints only. */
const REFRESH_COOKIE_PATH = '/api/v1/auth';

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.env === 'production',
    path: REFRESH_COOKIE_PATH,
  } as const;
}

/** Read by the page's scripts (decision 031): holds no secret, only that a session exists. */
function hintOptions(config: Config) {
  return {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
  } as const;
}

/** Sets the refresh cookie and, for as long, the session hint beside it. */
export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  const maxAge = Math.floor(config.refreshTokenTtlMs / 1000);
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(config), maxAge });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(config));
}
