import type { FastifyReply } from 'fastify';
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

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions(config),
    maxAge: Math.floor(config.refreshTokenTtlMs / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}
