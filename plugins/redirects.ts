import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { registryRedirect } from '../src/registry/redirect.ts';

/** SPEC 2.5: the registry's redirect rules, applied before any page runs. `:name` in `to` takes the matched param. */
const redirectsPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async function applyRegistryRedirects(req, reply) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const hit = registryRedirect(app.registry.current, req.url);
    if (hit) return reply.redirect(hit.location, hit.status);
  });
};

export default fp(redirectsPlugin, { name: 'portal-redirects', fastify: '5.x', dependencies: ['portal-registry'] });
