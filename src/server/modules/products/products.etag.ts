import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Product } from '#shared/contract/product.ts';
import type { CachedAnswer } from '#server/lib/response-cache.ts';

/** A strong validator: the hash of the exact bytes sent. */
export function strongEtag(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/**
 * The ETag of one product, sent by GET /products/:id and PUT /products/:id and checked against
 * If-Match. It hashes everything the API shows of the product, so every change to the row
 * changes it, whoever makes it: an admin's edit, or an order taking or giving back stock (which
 * leaves updatedAt alone). Nothing that writes products has to remember to bump anything.
 * The gallery is left out: lists (the inventory's rows) carry no `images`, and a row's tag must be
 * the one its edit is checked against. Its first picture is `imageUrl`, which is hashed; the rest
 * are guarded by the gallery's own routes (decision 026).
 */
export function productEtag(product: Product): string {
  const { images: _gallery, ...shown } = product;
  return strongEtag(JSON.stringify(shown));
}

/**
 * If-Match (RFC 9110 13.1.1): "*" holds for any current product; otherwise one of the listed
 * tags must equal the current one by the strong comparison, so a weak tag never holds.
 */
export function ifMatchHolds(ifMatch: string, etag: string): boolean {
  const value = ifMatch.trim();
  if (value === '*') return true;
  return value.split(',').some((tag) => tag.trim() === etag);
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored. */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
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
