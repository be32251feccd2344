import { isIP } from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { City } from '../src/api/city.ts';
import type { Api } from '../src/api/index.ts';
import type { CityInfo, SiteKind } from '../src/contracts/session.ts';
import { errors } from '../src/errors.ts';
import { defaultCity } from '../src/lib/default-city.ts';
import type { SiteSettings } from '../src/registry/types.ts';
import { callTraceOf } from '../src/tracing/stages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    city: CityInfo | null;
    siteKind: SiteKind;
  }
}

export interface HostParts {
  siteKind: SiteKind;
  /** The city sub-domain label, or null for the default city. */
  label: string | null;
}

/** Labels that name the site itself rather than a city. */
const NEUTRAL_LABELS = new Set(['www', 'm']);

/**
 * SPEC 1, 3: `<domain>.<mobileHost>` is a city; the bare mobile host, localhost and IP hosts are the default
 * city; the pcHost (and its sub-domains) is the desktop site. An unrelated host falls back to the default city
 * on the mobile site: links are built from the registry, so nothing from that host is echoed.
 */
export function parseHost(hostname: string, site: SiteSettings): HostParts {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isIP(bare) || host === 'localhost' || host === site.mobileHost) return { siteKind: 'mobile', label: null };
  if (host === site.pcHost) return { siteKind: 'pc', label: null };
  for (const [suffix, siteKind] of [
    [site.pcHost, 'pc'],
    [site.mobileHost, 'mobile'],
  ] as const) {
    if (host.endsWith(`.${suffix}`)) {
      const label = host.slice(0, -(suffix.length + 1));
      if (label.includes('.') || NEUTRAL_LABELS.has(label)) return { siteKind, label: null };
      return { siteKind, label };
    }
  }
  return { siteKind: 'mobile', label: null };
}

const toInfo = (c: City): CityInfo => ({
  cityId: c.cityId,
  name: c.name || c.cname || '',
  domain: c.domain,
  servicePhone: c.servicePhone ?? '',
});

export async function resolveCity(req: FastifyRequest, api: Api, site: SiteSettings): Promise<{ city: CityInfo; siteKind: SiteKind }> {
  const { siteKind, label } = parseHost(req.hostname, site);
  const call = { reqId: req.id, log: req.log, deadline: req.deadline ?? undefined, trace: callTraceOf(req) };
  if (label) {
    const city = await api.city.getCityByDomain(call, label);
    if (!city) throw errors.cityNotFound();
    return { city: toInfo(city), siteKind };
  }
  const fallback = defaultCity(site);
  try {
    const city = await api.city.findSiteByName(call, site.defaultCityName);
    return { city: city ? toInfo(city) : fallback, siteKind };
  } catch {
    // The default city's details (service phone) are decoration: a gateway failure must not take the home page down.
    return { city: fallback, siteKind };
  }
}

export interface CityPluginOptions {
  api: Api;
  /** Path prefixes that need no city (static assets). */
  skip: string[];
}

const cityPlugin: FastifyPluginAsync<CityPluginOptions> = async (app, opts) => {
  app.decorateRequest('city', null);
  app.decorateRequest('siteKind', 'mobile');
  app.addHook('onRequest', async function resolveRequestCity(req) {
    if (opts.skip.some((p) => req.url.startsWith(p))) return;
    const { city, siteKind } = await resolveCity(req, opts.api, app.registry.current.file.site);
    req.city = city;
    req.siteKind = siteKind;
  });
};

export default fp(cityPlugin, { name: 'portal-city', fastify: '5.x', dependencies: ['portal-registry'] });
