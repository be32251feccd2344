import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** SPEC 2.5: the registry's redirect rules, applied before any page runs. `:name` in `to` takes the matched param. */
const redirectsPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async function applyRegistryRedirects(req, reply) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const q = req.url.indexOf('?');
    const path = q === -1 ? req.url : req.url.slice(0, q);
    const hit = app.registry.current.redirects.match(path);
    if (!hit) return;
    const to = hit.target.to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeURIComponent(hit.params[name] ?? ''));
    return reply.redirect(q === -1 ? to : to + req.url.slice(q), hit.target.status);
  });
};

export default fp(redirectsPlugin, { name: 'portal-redirects', fastify: '5.x', dependencies: ['portal-registry'] });
