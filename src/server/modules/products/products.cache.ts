import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '#server/lib/response-cache.ts';
import { sendTagged, strongEtag } from './products.etag.ts';

type Done = (err: Error | null, payload?: unknown) => void;

/**
 * Serves hot catalog pages from app.catalogCache, the serialized JSON of earlier answers (with their
 * ETag, hashed once), keyed by the validated query, where differently written addresses of one page
 * meet; each address seen is an alias of its page, looked up before the query is even validated,
 * so a page asked again the same way costs no parsing. A miss remembers the
 * catalog version before the database is read, and its answer is stored only if no change arrived
 * meanwhile. Nothing is cached or served while the change feed is reconnecting, because changes
 * could then go unnoticed.
 */
export function catalogPageCache(app: FastifyInstance, scope: string) {
  const fills = new WeakMap<FastifyRequest, { key: string; address: string; version: number }>();
  const send = (reply: FastifyReply, answer: CachedAnswer) =>
    sendTagged(reply.type('application/json; charset=utf-8'), answer);
  const addressKey = (request: FastifyRequest) => {
    const query = request.url.indexOf('?');
    return `${scope}?${query < 0 ? '' : request.url.slice(query + 1)}`;
  };

  // preValidation: after the rate limit (onRequest), before the query is parsed and validated.
  const preValidation = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    if (!app.catalogFeed.live) return undefined;
    const answer = app.catalogCache.get(addressKey(request));
    return answer === undefined ? undefined : send(reply, answer);
  };

  const preHandler = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    if (!app.catalogFeed.live) return undefined;
    // The query has been validated: defaults filled and keys in schema order, so equal queries share a key.
    const key = `${scope}:${JSON.stringify(request.query)}`;
    const version = app.catalogCache.currentVersion();
    const answer = app.catalogCache.get(key);
    if (answer === undefined) {
      fills.set(request, { key, address: addressKey(request), version });
      return undefined;
    }
    app.catalogCache.alias(addressKey(request), key);
    return send(reply, answer);
  };

  const onSend = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: Done,
  ): void => {
    const fill = fills.get(request);
    if (fill && reply.statusCode === 200 && typeof payload === 'string' && app.catalogFeed.live) {
      const etag = strongEtag(payload);
      // etagOnSend, next in line, uses this header instead of hashing the bytes again.
      reply.header('etag', etag);
      app.catalogCache.set(fill.key, { body: payload, etag }, fill.version);
      app.catalogCache.alias(fill.address, fill.key);
    }
    done(null, payload);
  };

  return { preValidation, preHandler, onSend };
}
