import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../../lib/response-cache.ts';

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

/** Sends a stored answer with its stored ETag; etagOnSend then answers 304 if it matches. */
export function sendTagged(reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  return reply.header('etag', answer.etag).send(answer.body);
}

/**
 * onSend hook for cacheable reads: tags a 200 answer with an ETag (unless one was set already),
 * asks caches to revalidate, and answers 304 with no body when the client already holds these
 * exact bytes.
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
  const set = reply.getHeader('etag');
  const etag = typeof set === 'string' ? set : strongEtag(payload);
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  if (!etagMatches(request.headers['if-none-match'], etag)) {
    done(null, payload);
    return;
  }
  reply.code(304);
  done(null, '');
}
