import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type ClientRouteTable, clientRouteTable } from '../src/client/route-table.ts';
import { etagOf, isFresh } from '../src/etag.ts';
import type { Registry } from '../src/registry/load.ts';

export const ROUTES_ENDPOINT = '/-/routes';

/**
 * GET /-/routes: the compact route table the browser matches links with (the same patterns and the same matcher as the
 * server: src/registry/match.ts). Built once per registry version; a hot-reloaded registry gets a new ETag, and a page
 * the browser's older table does not know is simply loaded in full. With each page module's stylesheet URL (issue 20).
 */
const clientRoutesPlugin: FastifyPluginAsync = async (app) => {
  const built = new WeakMap<Registry, { body: string; etag: string; css: Readonly<Record<string, string>> }>();
  app.get(ROUTES_ENDPOINT, async (req, reply) => {
    const registry = app.registry.current;
    const css = app.assets.pageCssHrefs();
    let hit = built.get(registry);
    // A new client build (development) brings new stylesheet URLs: the table is built again.
    if (!hit || hit.css !== css) {
      const table: ClientRouteTable = clientRouteTable(registry.file, css);
      const body = JSON.stringify(table);
      hit = { body, etag: etagOf(body), css };
      built.set(registry, hit);
    }
    reply.header('cache-control', 'no-cache').header('etag', hit.etag).type('application/json; charset=utf-8');
    if (isFresh(req.headers, hit.etag)) return reply.code(304).send();
    return reply.send(hit.body);
  });
};

export default fp(clientRoutesPlugin, { name: 'portal-client-routes', fastify: '5.x', dependencies: ['portal-registry'] });
