import type { FastifyReply } from 'fastify';
import { SESSION_HINT_COOKIE } from '#shared/contract/session-hint.ts';
import type { Config } from '#server/config.ts';
import type { IssuedTokens } from './sessions.ts';

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

/**
 * The page session cookie (decision 032): sent with page requests, so the server knows the shopper
 * on a signed-in page and its forms before or without scripts. Over HTTPS it is a `__Host-` cookie
 * (Secure, `Path=/`, no Domain: no subdomain can set or shadow it); `SameSite=Lax` lets a link from
 * a mail open the account page signed in, while another site's form never carries it.
 */
export function pageSessionCookie(config: Config): string {
  return config.env === 'production' ? '__Host-pageSession' : 'pageSession';
}

function pageOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/',
  } as const;
}

/** Sets the session's cookies: the refresh cookie, the page session and the hint, for as long. */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  tokens: Pick<IssuedTokens, 'refreshToken' | 'pageToken'>,
): void {
  const maxAge = Math.floor(config.refreshTokenTtlMs / 1000);
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...cookieOptions(config), maxAge });
  reply.setCookie(pageSessionCookie(config), tokens.pageToken, { ...pageOptions(config), maxAge });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(config), maxAge });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
  clearPageSessionCookie(reply, config);
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(config));
}

/** Forgets a page session the server no longer honours (ended, expired or forged). */
export function clearPageSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(pageSessionCookie(config), pageOptions(config));
}
