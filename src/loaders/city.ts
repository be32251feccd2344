import type { City } from '../api/city.ts';
import type { CityLink, CityPageData } from '../contracts/page-data/search.ts';
import { cityInitial, cityInitials, cityPinyin } from '../lib/city-letters.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { LoadResult, PageContext } from '../pipeline/types.ts';

/** Query keys of the city picker: the page to return to on the chosen city's host (`from`, or the older `back`). */
export const CITY_QUERY_KEYS = ['from', 'back'] as const;

/**
 * /city (SPEC 2.7, 3, 9; issue 14): the current city, the hot cities and every city by initial letter. The list is the
 * gateway's (cached 2 hours by src/api/city.ts); each link goes to that city's host, built from the registry's site
 * settings (never the Host header), on the page the visitor came from when that is a safe path of this site.
 */
export async function loadCity(ctx: PageContext): Promise<LoadResult<CityPageData>> {
  const cities = await ctx.api.city.findAll(ctx.call);
  let from = safeReturnPath(ctx.query.from ?? ctx.query.back, '/');
  // Coming back to the picker on another city's host would only show the picker again.
  if (/^\/city(?:[/?]|$)/i.test(from)) from = '/';
  const link = (c: City): CityLink => ({
    cityId: c.cityId,
    name: c.name || c.cname || '',
    pinyin: (c.pinyin || cityPinyin(c.name || c.cname || '')).toLowerCase(),
    initials: cityInitials(c.name || c.cname || ''),
    province: c.province ?? '',
    href: cityOrigin(ctx.site, { ...ctx.city, cityId: c.cityId, domain: c.domain }) + from,
    current: c.cityId === ctx.city.cityId,
  });
  const links = cities.map(link);
  const byLetter = new Map<string, CityLink[]>();
  for (const c of [...links].sort((a, b) => a.pinyin.localeCompare(b.pinyin))) {
    const letter = cityInitial(c.pinyin, c.name);
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), c]);
  }
  const data: CityPageData = {
    current: { cityId: ctx.city.cityId, name: ctx.city.name },
    hot: cities.filter((c) => c.hot).map(link),
    groups: [...byLetter.keys()].sort().map((letter) => ({ letter, cities: byLetter.get(letter) ?? [] })),
    from,
  };
  return { data };
}
