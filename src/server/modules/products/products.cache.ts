import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendTagged, strongEtag } from './products.etag.ts';

type Done = (err: Error | null, payload?: unknown) => void;

/**
 * Serves hot catalog pages from app.catalogCache, the serialized JSON of earlier answers (with their
 * ETag, hashed once) keyed by the validated query. A miss remembers the catalog version before the database is read, and its
 * answer is stored only if no change arrived meanwhile. Nothing is cached or served while the
 * change feed is reconnecting, because changes could then go unnoticed.
 */
export function catalogPageCache(app: FastifyInstance, scope: string) {
  const fills = new WeakMap<FastifyRequest, { key: string; version: number }>();

  const preHandler = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> => {
    if (!app.catalogFeed.live) return undefined;
    // The query has been validated: defaults filled and keys in schema order, so equal queries share a key.
    const key = `${scope}:${JSON.stringify(request.query)}`;
    const answer = app.catalogCache.get(key);
    if (answer === undefined) {
      fills.set(request, { key, version: app.catalogCache.currentVersion() });
      return undefined;
    }
    return sendTagged(reply.type('application/json; charset=utf-8'), answer);
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
    }
    done(null, payload);
  };

  return { preHandler, onSend };
}
