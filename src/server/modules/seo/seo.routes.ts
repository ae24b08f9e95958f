import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '#server/lib/app-error.ts';
import { pagesSitemap, productsSitemap, robotsTxt, sitemap } from './seo.service.ts';

/** Crawlers come back often; an hour's staleness costs nothing and spares the database. */
const CACHE_CONTROL = 'public, max-age=3600';

function sendXml(reply: FastifyReply, body: AsyncGenerator<string>): FastifyReply {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', CACHE_CONTROL)
    .send(Readable.from(body));
}

/** sitemap.xml and robots.txt, at the site's root where crawlers look for them. */
export function seoRoutes(app: FastifyInstance): void {
  const appUrl = app.config.appUrl;
  const hide = { hide: true };

  app.get('/robots.txt', { schema: hide }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(appUrl)),
  );

  app.get('/sitemap.xml', { schema: hide }, async (request, reply) =>
    sendXml(reply, (await sitemap(request.deps)).body),
  );

  app.get('/sitemap-pages.xml', { schema: hide }, (_request, reply) =>
    sendXml(reply, pagesSitemap(appUrl)),
  );

  app.get<{ Params: { part: string } }>(
    '/sitemap-products-:part',
    { schema: hide },
    async (request, reply) => {
      const match = /^([1-9]\d{0,5})\.xml$/.exec(request.params.part);
      const body = match ? await productsSitemap(request.deps, Number(match[1])) : undefined;
      if (!body) throw notFound('Sitemap not found.');
      return sendXml(reply, body);
    },
  );
}
