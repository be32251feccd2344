import { fillPattern } from '../registry/match.ts';
import type { LayoutEntry, SiteSettings } from '../registry/types.ts';
import type { CityInfo, PageContext, PageHead, SiteKind } from './types.ts';

/**
 * The public origin of a city's mobile site (or desktop site: `siteKind` pc), built from registry settings only: the
 * raw Host header never reaches a link. The default city is canonical on the bare host, other cities on
 * `<domain>.<mobileHost>` (`<domain>.<pcHost>`).
 */
export function cityOrigin(site: SiteSettings, city: Pick<CityInfo, 'cityId' | 'domain'>, siteKind: SiteKind = 'mobile'): string {
  const sub = city.cityId !== site.defaultCityId && city.domain ? `${city.domain}.` : '';
  const defaultPort = site.scheme === 'https' ? 443 : 80;
  const port = site.publicPort && site.publicPort !== defaultPort ? `:${site.publicPort}` : '';
  return `${site.scheme}://${sub}${siteKind === 'pc' ? site.pcHost : site.mobileHost}${port}`;
}

/**
 * One canonical URL per screen: the page's first path filled with the request's params, falling back to the
 * query (so `/ershoufang/details?id=7` and `/ershoufang/7.html` share `/ershoufang/7.html`). Query strings
 * are dropped; list loaders that keep filters in the path set their own canonical.
 */
export function canonicalPath(ctx: Pick<PageContext, 'page' | 'params' | 'query' | 'path'>): string {
  const values: Record<string, string> = { ...ctx.query, ...ctx.params };
  for (const pattern of ctx.page.paths) {
    const filled = fillPattern(pattern, values);
    if (filled) return filled;
  }
  return ctx.path;
}

const withCity = (text: string, cityName: string) => text.replaceAll('{city}', cityName);

/** `layout`: the page's registry layout, whose `robots` (in-app pages: noindex) applies where the meta says nothing. */
export function buildHead(ctx: PageContext, fromMeta: Partial<PageHead> | undefined, layout?: LayoutEntry): PageHead {
  const { meta } = ctx.page;
  const cityName = ctx.city.name;
  const brand = ctx.site.brand;
  const origin = cityOrigin(ctx.site, ctx.city);
  const title = fromMeta?.title ?? `${cityName}${withCity(meta.title, cityName)}_${brand}`;
  const canonical = fromMeta?.canonical ?? canonicalPath(ctx);
  return {
    title,
    description: fromMeta?.description ?? withCity(meta.description ?? '', cityName),
    keywords: fromMeta?.keywords ?? withCity(meta.keywords ?? '', cityName),
    canonical: canonical.startsWith('http') ? canonical : origin + canonical,
    links: fromMeta?.links?.map((l) => ({ rel: l.rel, href: l.href.startsWith('/') ? origin + l.href : l.href })),
    jsonLd: fromMeta?.jsonLd,
    robots: fromMeta?.robots ?? layout?.robots ?? (ctx.page.cache === 'no-cache' ? 'noindex' : undefined),
  };
}
