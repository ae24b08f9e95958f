import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator: the hash of the exact bytes sent. */
export function strongEtag(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * onSend hook for cacheable reads: tags a 200 answer with an ETag, asks caches to revalidate, and
 * answers 304 with no body when the client already holds these exact bytes.
 */
export function etagOnSend(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
): void {
  if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
    done(null, payload);
    return;
  }
  const etag = strongEtag(payload);
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  if (!etagMatches(request.headers['if-none-match'], etag)) {
    done(null, payload);
    return;
  }
  reply.code(304);
  done(null, '');
}
