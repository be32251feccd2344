import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, isFresh } from '../src/etag.ts';
import { buildIconSprite } from '../src/ui/icon-sprite.ts';

/** Serves the icon sprite built once at start; the page links it with a version query, so a day of caching is safe. */
const iconSprite: FastifyPluginAsync = async (app) => {
  const svg = buildIconSprite();
  const etag = etagOf(svg);
  app.get('/icons.svg', (req, reply) => {
    reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (isFresh(req.headers, etag)) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
};

export default fp(iconSprite, { name: 'portal-icon-sprite', fastify: '5.x' });
