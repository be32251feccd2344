import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { CityInfo } from '../src/contracts/session.ts';
import { defaultCity } from '../src/lib/default-city.ts';
import { COMMERCIAL_KINDS, HOUSE_TYPES } from '../src/lib/listing-kinds.ts';
import { cityOrigin } from '../src/pipeline/head.ts';
import { resolveCity } from './city.ts';

/**
 * SPEC issue 5 point 7: /sitemap.xml lists the detail pages of the host's city (second-hand, rentals, shops and
 * offices, new homes, communities) with absolute URLs from the registry's hosts (never the Host header), and /robots.txt, served
 * here instead of a static file, points to the sitemap of the same city. Sitemaps are cached per city for an hour.
 */

const ONE_HOUR = 60 * 60 * 1000;
const PAGE = 100;
/** Listings per kind; far below the 50,000 URLs a sitemap may hold. */
const MAX_PER_KIND = 5000;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface Entry {
  loc: string;
  lastmod?: string;
  priority: string;
}

const sitemapPlugin: FastifyPluginAsync = async (app) => {
  const cache = new LRUCache<string, string>({ max: 50, ttl: ONE_HOUR });

  async function cityOf(req: FastifyRequest): Promise<CityInfo> {
    if (req.city) return req.city;
    return (await resolveCity(req, app.api, app.registry.current.file.site)).city;
  }

  /** Every page of a paged gateway list, up to `max` items. */
  async function collect<T>(fetchPage: (page: number) => Promise<{ content: T[]; totalPages: number }>, max: number): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; out.length < max; page++) {
      const p = await fetchPage(page);
      out.push(...p.content);
      if (page >= p.totalPages || !p.content.length) break;
    }
    return out.slice(0, max);
  }

  async function build(req: FastifyRequest, city: CityInfo): Promise<string> {
    const call = { reqId: req.id, log: req.log };
    const origin = cityOrigin(app.registry.current.file.site, city);
    const { cityId } = city;
    const day = (s: string | undefined) => (s ? s.slice(0, 10) : undefined);
    const [ershou, zufang, loupans, xiaoqus, commercial, overseas] = await Promise.all([
      collect((page) => app.api.house.findByCondition(call, { cityId, houseType: 11, page, size: PAGE }), MAX_PER_KIND),
      collect((page) => app.api.house.findByCondition(call, { cityId, houseType: 12, page, size: PAGE }), MAX_PER_KIND),
      collect((page) => app.api.house.findListByWap(call, { cityId, page, size: PAGE }), MAX_PER_KIND).catch(() => []),
      collect((page) => app.api.xiaoqu.list(call, { cityId, page, size: PAGE }), MAX_PER_KIND).catch(() => []),
      Promise.all(
        COMMERCIAL_KINDS.map(async (kind) => ({
          kind,
          items: await collect(
            (page) => app.api.house.findByCondition(call, { cityId, houseType: HOUSE_TYPES[kind], page, size: PAGE }),
            MAX_PER_KIND,
          ).catch(() => []),
        })),
      ),
      // Overseas listings are the same for every city (SPEC 1): each city's sitemap lists them on its own host.
      collect((page) => app.api.info.overseasList(call, { page, size: PAGE }), MAX_PER_KIND).catch(() => []),
    ]);
    const entries: Entry[] = [
      { loc: `${origin}/`, priority: '1.0' },
      { loc: `${origin}/ershoufang/`, priority: '0.9' },
      { loc: `${origin}/zufang/`, priority: '0.9' },
      { loc: `${origin}/xinfang/`, priority: '0.9' },
      { loc: `${origin}/xiaoqu/`, priority: '0.8' },
      { loc: `${origin}/sydc`, priority: '0.7' },
      ...COMMERCIAL_KINDS.map((kind) => ({ loc: `${origin}/${kind}/`, priority: '0.7' })),
      { loc: `${origin}/haiwaihome`, priority: '0.6' },
      { loc: `${origin}/haiwaihome/list/`, priority: '0.6' },
      ...ershou.map((l) => ({ loc: `${origin}/ershoufang/${l.houseId}.html`, lastmod: day(l.updatedAt), priority: '0.7' })),
      ...zufang.map((l) => ({ loc: `${origin}/zufang/${l.houseId}.html`, lastmod: day(l.updatedAt), priority: '0.6' })),
      ...(loupans as Array<{ houseId: number }>).map((l) => ({ loc: `${origin}/xinfang/${l.houseId}.html`, priority: '0.7' })),
      ...(xiaoqus as Array<{ stressId: number }>).map((x) => ({ loc: `${origin}/xiaoqu/${x.stressId}.html`, priority: '0.6' })),
      ...commercial.flatMap(({ kind, items }) =>
        items.map((l) => ({ loc: `${origin}/${kind}/${l.houseId}.html`, lastmod: day(l.updatedAt), priority: '0.5' })),
      ),
      ...overseas.map((o) => ({ loc: `${origin}/haiwaidetails/${o.houseId}`, priority: '0.5' })),
    ];
    const urls = entries
      .map(
        (e) =>
          `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}<priority>${e.priority}</priority></url>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  app.get('/sitemap.xml', async (req, reply) => {
    const city = await cityOf(req);
    const key = `${req.siteKind ?? 'mobile'}|${city.cityId}`;
    let xml = cache.get(key);
    if (!xml) {
      xml = await build(req, city);
      cache.set(key, xml);
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', async (req, reply) => {
    const city = await cityOf(req).catch(() => null);
    const site = app.registry.current.file.site;
    const origin = cityOrigin(site, city ?? defaultCity(site));
    const body = [
      'User-agent: *',
      'Allow: /',
      ...site.robotsDisallow.map((prefix) => `Disallow: ${prefix}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body);
  });
};

export default fp(sitemapPlugin, { name: 'portal-sitemap', fastify: '5.x' });
