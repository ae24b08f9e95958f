import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { accessClaimsSchema, type AccessClaims } from '#shared/contract/auth.ts';
import type { Role } from '#shared/contract/user.ts';

/**
 * What a page session cookie names (decision 032): an account and its session, with `typ` "page" so
 * neither this nor an access token can stand in for the other.
 */
const pageClaimsSchema = z.object({ sub: z.uuid(), sid: z.uuid(), typ: z.literal('page') });
export type PageClaims = z.infer<typeof pageClaimsSchema>;

/**
 * Signs and checks access JWTs (HS256 only, `typ` must be "access", `sid` names the session) and
 * the page session's tokens (`typ` "page").
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMs: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    user: { id: string; email: string; role: Role },
    sessionId: string,
    now: Date,
  ): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ email: user.email, role: user.role, typ: 'access', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + Math.floor(this.ttlMs / 1000))
      .sign(this.key);
  }

  /**
   * The claims of a valid token, or null for a missing, malformed, tampered or expired one, and
   * for one without a session id (issued before tokens carried one).
   */
  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    return this.claims(token, now, accessClaimsSchema);
  }

  /**
   * The page session's token: it names the session and lasts as long as the session may, so the
   * server can tell who asks for a page. It is no access token and no refresh token.
   */
  async signPage(userId: string, sessionId: string, now: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ typ: 'page', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid page token, or null (as `verify`). */
  async verifyPage(token: string, now: Date): Promise<PageClaims | null> {
    return this.claims(token, now, pageClaimsSchema);
  }

  private async claims<T>(token: string, now: Date, schema: z.ZodType<T>): Promise<T | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
      });
      const claims = schema.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** 256 random bits for a refresh token; only its hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accepts the token raw (as the store's client sends it) or with a Bearer prefix. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '') : value;
  return token.length > 0 && token.length < 4096 ? token : undefined;
}
