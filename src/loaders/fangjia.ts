import type { ListingFilter, MonthPrice, PriceLevelItem, XiaoquItem } from '../contracts/gateway/index.ts';
import type { FangjiaData, FangjiaLevel, FangjiaRow, FangjiaTable } from '../contracts/page-data/fangjia.ts';
import { errors } from '../errors.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { fangjiaMeta } from '../meta/fangjia.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';

/** The trend shows the last 24 months on the city and district pages, 12 below them. */
const LONG = 24;
const SHORT = 12;
const LEVELS: readonly FangjiaLevel[] = ['city', 'quyu', 'shangquan', 'ditie', 'xiaoqu', 'search'];
/** The query keys the price pages read (`?id=` on /fangjia/xiaoqufangjia, `?keyword=` on search). */
export const FANGJIA_QUERY_KEYS = ['id', 'keyword'] as const;

export const fangjiaHref = {
  city: () => '/fangjia',
  quyu: (id?: number) => `/fangjia/quyu${id ?? ''}/`,
  shangquan: (id?: number) => `/fangjia/shangquan${id ?? ''}/`,
  ditie: (id?: number) => `/fangjia/ditie${id ?? ''}/`,
  xiaoqu: (id?: number) => `/fangjia/xiaoqu${id ?? ''}/`,
};

const change = (from: MonthPrice | undefined, to: MonthPrice | undefined): number | null =>
  from && to && from.price > 0 ? Math.round(((to.price - from.price) / from.price) * 10_000) / 100 : null;

/** The latest figure of a series: its month, its price, and its change on the month and on the year before. */
export function figureOf(prices: readonly MonthPrice[]): FangjiaData['figure'] {
  const last = prices.at(-1);
  if (!last) return null;
  return {
    month: last.month,
    price: last.price,
    monthRatio: change(prices.at(-2), last),
    yearRatio: prices.length > 12 ? change(prices.at(-13), last) : null,
  };
}

const byPrice = (rows: FangjiaRow[]) => [...rows].sort((a, b) => (b.avgPrice ?? 0) - (a.avgPrice ?? 0));
const byRatio = (rows: FangjiaRow[]) => [...rows].sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0));
const levelRow =
  (href: (id: number) => string) =>
  (l: PriceLevelItem): FangjiaRow => ({
    id: l.id,
    name: l.name,
    href: href(l.id),
    avgPrice: l.avgPrice,
    ratio: l.ratio,
    note: l.parentName,
  });
const xiaoquRow = (x: Pick<XiaoquItem, 'stressId' | 'name' | 'avgPrice' | 'ratio'> & { shopMapName?: string | null }): FangjiaRow => ({
  id: x.stressId,
  name: x.name,
  href: fangjiaHref.xiaoqu(x.stressId),
  avgPrice: x.avgPrice > 0 ? x.avgPrice : null,
  ratio: x.ratio,
  note: x.shopMapName ?? undefined,
});

/** A row without its district or line note: a ranking among siblings shares it. */
const bare = ({ note: _note, ...r }: FangjiaRow): FangjiaRow => r;

/** How many second-hand listings a district, shop area or station shows behind its number. */
const LISTINGS = 6;

/** Second-hand listings on sale behind a place's number (its district, shop area or communities). */
const listingsOf = (ctx: PageContext, filter: Omit<ListingFilter, 'cityId' | 'houseType'>) =>
  optional(
    ctx,
    'house.findByCondition',
    ctx.api.house
      .findByCondition(ctx.call, { cityId: ctx.city.cityId, houseType: HOUSE_TYPES.ershoufang, size: LISTINGS, ...filter })
      .then((p) => p.content.slice(0, LISTINGS).map(listingCardOf)),
    [],
  );

/** Rows grouped by their district or line, in the order they come. */
function byParent(rows: PriceLevelItem[]): Array<[string, PriceLevelItem[]]> {
  const groups = new Map<string, PriceLevelItem[]>();
  for (const r of rows) groups.set(r.parentName, [...(groups.get(r.parentName) ?? []), r]);
  return [...groups];
}

/** The page's level from the registry's `params.level` (never from its name). */
function levelOf(ctx: PageContext): FangjiaLevel {
  const level = ctx.params.level as FangjiaLevel | undefined;
  if (!level || !LEVELS.includes(level)) throw new Error(`fangjia page without a valid params.level: ${level}`);
  return level;
}

/** `:id` of the path, else `?id=` (the old /fangjia/xiaoqufangjia?id=): absent is the level's list; validated before. */
function optionalId(ctx: PageContext): number | null {
  const raw = ctx.params.id || ctx.query.id;
  return raw ? Number(raw) : null;
}

async function loadFangjia(ctx: PageContext): Promise<LoadResult<FangjiaData>> {
  const level = levelOf(ctx);
  const cityId = ctx.city.cityId;
  const id = optionalId(ctx);
  const base: FangjiaData = {
    level,
    cityName: ctx.city.name,
    place: null,
    crumbs: [{ name: `${ctx.city.name}房价`, href: fangjiaHref.city() }],
    figure: null,
    prices: [],
    chartTitle: '',
    tables: [],
    listings: [],
    levels: [
      { name: '区域房价', href: fangjiaHref.quyu() },
      { name: '商圈房价', href: fangjiaHref.shangquan() },
      { name: '小区房价', href: fangjiaHref.xiaoqu() },
      { name: '地铁房价', href: fangjiaHref.ditie() },
      { name: '查小区房价', href: '/fangjia/search' },
    ],
  };
  const cityPrices = () => ctx.api.xiaoqu.cityLog(ctx.call, { cityId, months: LONG });
  const districts = async (): Promise<FangjiaRow[]> =>
    (await ctx.api.xiaoqu.areaPrices(ctx.call, cityId)).map((r) => ({
      id: r.regionId,
      name: r.regionName,
      href: fangjiaHref.quyu(r.regionId),
      avgPrice: r.avgPrice,
      ratio: r.ratio,
    }));

  if (level === 'city' || (level === 'quyu' && id === null)) {
    const [prices, rows] = await Promise.all([cityPrices(), districts()]);
    const tables: FangjiaTable[] =
      level === 'city'
        ? [
            { title: '各区房价排行', rows: byPrice(rows) },
            { title: '各区涨幅排行', rows: byRatio(rows) },
          ]
        : [{ title: `${ctx.city.name}各区房价`, rows }];
    return {
      data: {
        ...base,
        crumbs: level === 'city' ? [] : base.crumbs,
        place: level === 'city' ? { id: cityId, name: ctx.city.name, kind: '城市' } : null,
        figure: figureOf(prices),
        prices,
        chartTitle: `${ctx.city.name}近${prices.length}个月二手房均价`,
        tables,
      },
    };
  }

  if (level === 'quyu') {
    const rows = await districts();
    const own = rows.find((r) => r.id === id);
    if (!own || id === null) throw errors.pageNotFound();
    const [prices, shops, xiaoqus, listings] = await Promise.all([
      ctx.api.xiaoqu.cityLog(ctx.call, { cityId, regionId: id, months: LONG }),
      optional(ctx, 'fangjia.levels', ctx.api.fangjia.levels(ctx.call, 'shopMap', cityId), []),
      optional(ctx, 'xiaoqu.list', ctx.api.xiaoqu.list(ctx.call, { cityId, regionId: id, sort: 'priceDesc', size: 20 }), null),
      listingsOf(ctx, { regionId: id }),
    ]);
    return {
      data: {
        ...base,
        place: { id, name: own.name, kind: '区域' },
        crumbs: [...base.crumbs, { name: '区域房价', href: fangjiaHref.quyu() }],
        figure: figureOf(prices),
        prices,
        chartTitle: `${own.name}近${prices.length}个月二手房均价`,
        tables: [
          { title: `${own.name}在${ctx.city.name}各区中的排名`, rows: byPrice(rows), currentId: id },
          {
            title: `${own.name}各商圈房价`,
            rows: shops
              .filter((s) => s.parentId === id)
              .map(levelRow(fangjiaHref.shangquan))
              .map(bare),
          },
          { title: `${own.name}小区房价`, rows: (xiaoqus?.content ?? []).map(xiaoquRow) },
        ],
        listings,
      },
    };
  }

  if (level === 'shangquan' || level === 'ditie') {
    const kind = level === 'shangquan' ? 'shopMap' : 'station';
    const href = fangjiaHref[level];
    const what = level === 'shangquan' ? '商圈' : '地铁站';
    if (id === null) {
      const [prices, rows] = await Promise.all([cityPrices(), ctx.api.fangjia.levels(ctx.call, kind, cityId)]);
      return {
        data: {
          ...base,
          figure: figureOf(prices),
          prices: prices.slice(-SHORT),
          chartTitle: `${ctx.city.name}近${Math.min(SHORT, prices.length)}个月二手房均价`,
          heading: level === 'ditie' ? `${ctx.city.name}地铁房价` : undefined,
          tables:
            level === 'ditie'
              ? byParent(rows).map(([line, stations]) => ({ title: `${line}沿线房价`, rows: stations.map(levelRow(href)).map(bare) }))
              : [{ title: `${ctx.city.name}${what}房价`, rows: rows.map(levelRow(href)) }],
        },
      };
    }
    const one = await orNotFound(ctx.api.fangjia.level(ctx.call, kind, id));
    if (one.cityId !== cityId) throw errors.pageNotFound();
    const stressIds = one.xiaoqus.map((x) => x.stressId).slice(0, 50);
    // A station without communities has no listings behind its number (an empty stressIds would filter nothing).
    const listings =
      level === 'shangquan' ? await listingsOf(ctx, { shopMapId: id }) : stressIds.length ? await listingsOf(ctx, { stressIds }) : [];
    const prices = one.prices.slice(-SHORT);
    return {
      data: {
        ...base,
        place: { id, name: one.name, kind: what },
        crumbs: [
          ...base.crumbs,
          level === 'shangquan'
            ? { name: one.parentName, href: fangjiaHref.quyu(one.parentId) }
            : { name: '地铁房价', href: fangjiaHref.ditie() },
        ],
        figure: figureOf(one.prices),
        prices,
        chartTitle: `${one.name}近${prices.length}个月二手房均价`,
        tables: [
          {
            title: level === 'shangquan' ? `${one.name}在${one.parentName}各商圈中的排名` : `${one.parentName}各站房价排名`,
            rows: byPrice(one.siblings.map(levelRow(href)).map(bare)),
            currentId: id,
          },
          { title: `${one.name}小区房价`, rows: one.xiaoqus.map(xiaoquRow) },
        ],
        listings,
      },
    };
  }

  if (level === 'xiaoqu') {
    if (id === null) {
      const [prices, page] = await Promise.all([
        cityPrices(),
        ctx.api.xiaoqu.stressRank(ctx.call, { cityId, sort: 'priceDesc', size: 30 }),
      ]);
      return {
        data: {
          ...base,
          figure: figureOf(prices),
          prices: prices.slice(-SHORT),
          chartTitle: `${ctx.city.name}近${Math.min(SHORT, prices.length)}个月二手房均价`,
          tables: [{ title: `${ctx.city.name}小区房价排行`, rows: page.content.map(xiaoquRow) }],
        },
      };
    }
    const x = await orNotFound(ctx.api.xiaoqu.findById(ctx.call, id));
    if (x.cityId !== cityId) throw errors.pageNotFound();
    const [siblings, listings] = await Promise.all([
      optional(ctx, 'xiaoqu.list', ctx.api.xiaoqu.list(ctx.call, { cityId, shopMapId: x.shopMapId, sort: 'priceDesc', size: 20 }), null),
      optional(ctx, 'xiaoqu.buglist', ctx.api.xiaoqu.buglist(ctx.call, id, HOUSE_TYPES.ershoufang as 11, 'all'), []),
    ]);
    const prices = x.prices.slice(-SHORT);
    const siblingRows = (siblings?.content ?? []).map(xiaoquRow).map(bare);
    return {
      data: {
        ...base,
        place: { id, name: x.name, kind: '小区' },
        crumbs: [
          ...base.crumbs,
          { name: x.regionName ?? '区域', href: fangjiaHref.quyu(x.regionId) },
          { name: x.shopMapName ?? '商圈', href: fangjiaHref.shangquan(x.shopMapId) },
        ],
        figure: figureOf(x.prices),
        prices,
        chartTitle: `${x.name}近${prices.length}个月参考均价`,
        tables: [{ title: `${x.shopMapName ?? ''}小区房价排名`, rows: siblingRows, currentId: id }],
        listings: listings.slice(0, 10).map(listingCardOf),
        xiaoquHref: `/xiaoqu/${id}.html`,
      },
    };
  }

  // search: communities of the city whose name holds the keyword, with their prices.
  const keyword = (ctx.query.keyword ?? '').trim().slice(0, 40);
  const found = keyword ? await ctx.api.xiaoqu.findByName(ctx.call, { name: keyword, cityId, limit: 20 }) : [];
  return {
    data: {
      ...base,
      keyword,
      tables: keyword ? [{ title: `“${keyword}”的小区房价`, rows: found.map(xiaoquRow) }] : [],
    },
  };
}

export const fangjia = pageLoader(loadFangjia, fangjiaMeta);
