import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type CdnPurge, createCdnPurge, type PurgeCaller } from '../src/cdn-purge.ts';
import { cityOrigin } from '../src/pipeline/head.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 36 part 4: asks the CDN in front to drop URLs (src/cdn-purge.ts); does nothing without CDN_PURGE_URL. */
    cdnPurge: CdnPurge;
  }
}

export interface CdnPurgePluginOptions {
  /** config.cdnPurgeUrl. */
  url?: string;
}

/**
 * `app.cdnPurge` for the page cache's invalidate (every write) and the ops console. A city's paths are purged on its
 * canonical hosts, mobile and desktop, as the registry builds them (the default city's bare hosts, another city's
 * `<domain>.` sub-domains); a city's domain comes from the gateway's city list (cached 2 h, SPEC 9).
 */
const cdnPurgePlugin: FastifyPluginAsync<CdnPurgePluginOptions> = async (app, opts) => {
  async function originsOf(cityId: number, caller: PurgeCaller): Promise<string[]> {
    const site = app.registry.current.file.site;
    let domain = '';
    if (cityId !== site.defaultCityId) {
      const cities = await app.api.city.findAll({ reqId: caller.reqId ?? 'cdn-purge', log: caller.log });
      domain = cities.find((c) => c.cityId === cityId)?.domain ?? '';
      if (!domain) throw new Error(`city ${cityId} is not in the gateway's city list`);
    }
    return [cityOrigin(site, { cityId, domain }, 'mobile'), cityOrigin(site, { cityId, domain }, 'pc')];
  }
  const purge = createCdnPurge({ url: opts.url, originsOf });
  app.decorate('cdnPurge', purge);
  if (purge.enabled) app.log.info({ cdnPurge: { host: new URL(opts.url as string).host } }, 'CDN purge hook on');
  // Purges asked for by the last requests still go out before the process stops.
  app.addHook('preClose', async function sendPendingCdnPurges() {
    await purge.settled();
  });
};

export default fp(cdnPurgePlugin, { name: 'portal-cdn-purge', fastify: '5.x', dependencies: ['portal-registry'] });
