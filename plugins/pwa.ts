import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CityInfo } from '../src/contracts/session.ts';
import { MANIFEST_PATH, MANIFEST_TYPE, webAppManifest } from '../src/pwa/manifest.ts';
import { offlinePageHtml } from '../src/pwa/offline-page.ts';
import { serviceWorkerScript } from '../src/pwa/worker-script.ts';
import { resolveCity } from './city.ts';

/**
 * Issue 37 part 5 (docs/offline.md): what makes the site installable and readable in a tunnel.
 * - GET /manifest.webmanifest: the web app manifest of the host's city (src/pwa/manifest.ts);
 * - GET /sw.js: the service worker (src/pwa/worker-script.ts) with this build's id and shell files and the registry's
 *   `site.offline`; `no-cache`, so browsers see a new build at their next navigation, and `Service-Worker-Allowed: /`;
 * - GET /offline.html: the page the worker shows offline for a page it has not kept.
 */
export const SERVICE_WORKER_PATH = '/sw.js';
export const OFFLINE_PATH = '/offline.html';
/** The worker keeps the offline page's icon with the build's shell files. */
const OFFLINE_ICON = '/pwa/icon-192.png';

const pwaPlugin: FastifyPluginAsync = async (app) => {
  async function cityOf(req: FastifyRequest): Promise<CityInfo> {
    if (req.city) return req.city;
    return (await resolveCity(req, app.api, app.registry.current.file.site)).city;
  }

  app.get(MANIFEST_PATH, async function answerManifest(req: FastifyRequest, reply: FastifyReply) {
    const city = await cityOf(req);
    const manifest = webAppManifest(app.registry.current.file.site, city);
    // The host names the city, and every cache keys on the host: public, and refreshed within the hour.
    return reply.type(MANIFEST_TYPE).header('cache-control', 'public, max-age=3600').send(JSON.stringify(manifest));
  });

  app.get(SERVICE_WORKER_PATH, async function answerServiceWorker(_req: FastifyRequest, reply: FastifyReply) {
    const { offline } = app.registry.current.file.site;
    const script = serviceWorkerScript({
      buildId: app.assets.buildId ?? 'dev',
      shellFiles: [...app.assets.shellFiles, OFFLINE_ICON],
      keepPages: offline.keepPages,
      navigationTimeoutMs: offline.navigationTimeoutMs,
      neverCache: offline.neverCache,
      offlineUrl: OFFLINE_PATH,
    });
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('service-worker-allowed', '/')
      .send(script);
  });

  app.get(OFFLINE_PATH, async function answerOfflinePage(_req: FastifyRequest, reply: FastifyReply) {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(offlinePageHtml(app.registry.current.file.site.brand));
  });
};

export default fp(pwaPlugin, { name: 'portal-pwa', fastify: '5.x' });
