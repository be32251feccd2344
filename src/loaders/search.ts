import type { HotGroup, SearchPageData } from '../contracts/page-data/search.ts';
import { HOT_TYPES, namesKnownPlace, resolvedName, searchGroups, searchKeyword } from '../lib/search-groups.ts';
import type { LoadResult, PageContext } from '../pipeline/types.ts';

const HOT_LIMIT = 10;

/** Hot searches of every kind; a kind whose call fails is left out (the client logged it). */
async function loadHot(ctx: PageContext): Promise<HotGroup[]> {
  const answers = await Promise.allSettled(HOT_TYPES.map((h) => ctx.api.search.hot(ctx.call, h.type, ctx.city.cityId)));
  const groups: HotGroup[] = [];
  answers.forEach((a, i) => {
    if (a.status === 'rejected') {
      ctx.degraded = true;
      return;
    }
    const keywords = a.value
      .map((k) => k.keyword)
      .filter((k) => typeof k === 'string' && k)
      .slice(0, HOT_LIMIT);
    if (keywords.length) groups.push({ ...HOT_TYPES[i], keywords });
  });
  return groups;
}

/**
 * /search (SPEC 7.6, issue 14): without a keyword, the hot searches; with one, the suggestion index's groups
 * (communities, estates, areas, schools, stations, stores: Chinese, full pinyin or initials) and the keyword search
 * of second-hand and rental listings (by the Chinese name a pinyin keyword names exactly), counts per kind; nothing
 * found, the hot searches again.
 */
export async function loadSearch(ctx: PageContext): Promise<LoadResult<SearchPageData>> {
  const keyword = searchKeyword(ctx.query);
  if (!keyword) return { data: { keyword, groups: [], total: 0, hot: await loadHot(ctx) } };
  const { cityId } = ctx.city;
  const places = await ctx.api.search.suggest(ctx.call, { keyword, cityId, limit: 5 });
  if (!namesKnownPlace(keyword, places?.groups)) ctx.uncacheable = 'free-text search';
  // A pinyin keyword that names a place searches the listings by that place's Chinese name.
  const resolved = resolvedName(keyword, places?.groups);
  const listingKeyword = resolved ?? keyword;
  const listings = await ctx.api.search.common(ctx.call, { keyword: listingKeyword, cityId, kinds: ['ershoufang', 'zufang'], limit: 5 });
  const groups = searchGroups(keyword, places?.groups, listings?.groups ?? {}, 5, listingKeyword);
  const total = groups.reduce((n, g) => n + g.total, 0);
  return { data: { keyword, ...(resolved ? { resolved } : {}), groups, total, hot: total ? [] : await loadHot(ctx) } };
}
