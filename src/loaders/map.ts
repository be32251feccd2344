import type { MapLevel, MapQuery } from '../contracts/gateway/map.ts';
import type { LocationMapData, MapBubble, MapChip, MapData, MapKind, MapSheet } from '../contracts/page-data/map.ts';
import type { Band } from '../lib/filter-codes.ts';
import { posInt } from '../lib/filter-codes.ts';
import { listingCardOf } from '../lib/listing-card.ts';
import { priceBandsOf, ROOM_OPTIONS, SALE_PRICE_BANDS } from '../lib/listing-filters.ts';
import { HOUSE_TYPES } from '../lib/listing-kinds.ts';
import { mapMeta } from '../meta/map.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';

const KINDS: ReadonlyArray<{ kind: MapKind; label: string }> = [
  { kind: 'ershoufang', label: '二手房' },
  { kind: 'xinfang', label: '新房' },
  { kind: 'zufang', label: '租房' },
];
const LEVELS: readonly MapLevel[] = ['region', 'shopMap', 'xiaoqu'];
/** The listings a bottom sheet shows. */
const SHEET_SIZE = 10;

/** The query keys the map screen reads: the list pages' price band and rooms, the kind, the level and the sheet. */
export const MAP_QUERY_KEYS = ['kind', 'price', 'rooms', 'level', 'sheet'] as const;

/** The price bands of a kind: the list pages' (second-hand and rental); new homes by total price like second-hand. */
const bandsOf = (kind: MapKind): readonly Band[] => (kind === 'xinfang' ? SALE_PRICE_BANDS : priceBandsOf(kind, {}));

interface MapFilter {
  kind: MapKind;
  price?: number;
  rooms: number[];
}

/** The screen's filter from its query: unknown values are dropped (as the list pages do). */
export function mapFilterOf(query: Record<string, string>, defaultKind: MapKind): MapFilter {
  const kind = KINDS.find((k) => k.kind === query.kind)?.kind ?? defaultKind;
  const price = posInt(query.price, bandsOf(kind).length);
  const rooms = [
    ...new Set(
      (query.rooms ?? '')
        .split(',')
        .map((s) => posInt(s.trim(), ROOM_OPTIONS.length))
        .filter((n): n is number => !!n),
    ),
  ].sort((a, b) => a - b);
  return { kind, price, rooms };
}

/** `kind=…&price=…&rooms=…` of a filter (the default kind left out), '' when nothing is set. */
function queryOf(f: MapFilter, defaultKind: MapKind): string {
  const p = new URLSearchParams();
  if (f.kind !== defaultKind) p.set('kind', f.kind);
  if (f.price) p.set('price', String(f.price));
  if (f.rooms.length) p.set('rooms', f.rooms.join(','));
  return p.toString();
}

/** The list page a bubble opens: the list filtered by its district or shop area (the list answers its canonical 301). */
function listHref(kind: MapKind, level: MapLevel, b: Pick<MapBubble, 'id'>): string {
  if (level === 'xiaoqu') return kind === 'xinfang' ? `/xinfang/${b.id}.html` : `/xiaoqu/${b.id}.html`;
  return `/${kind}/?${level === 'region' ? 'regionId' : 'shopMapId'}=${b.id}`;
}

/**
 * The map screens (issue 14 part D; SPEC 2.7, 7.3): the bubbles of one level (districts unless `?level=`) with the
 * list pages' price band and rooms, and with `?sheet=<level>:<id>` the listings of a tapped bubble. The browser's map
 * asks for the other levels and the sheets through /-/data with the same keys.
 */
export async function loadMap(ctx: PageContext): Promise<LoadResult<MapData>> {
  const defaultKind = (ctx.params.mapKind as MapKind | undefined) ?? 'ershoufang';
  const f = mapFilterOf(ctx.query, defaultKind);
  const level = LEVELS.find((l) => l === ctx.query.level) ?? 'region';
  const band = f.price ? bandsOf(f.kind)[f.price - 1] : undefined;
  const q: MapQuery = {
    cityId: ctx.city.cityId,
    kind: f.kind,
    priceMin: band?.min,
    priceMax: band?.max,
    rooms: f.rooms.length ? f.rooms.join(',') : undefined,
  };
  const sheetMatch = /^(region|shopMap|xiaoqu):(\d{1,9})$/.exec(ctx.query.sheet ?? '');
  const sheetLevel = sheetMatch?.[1] as MapLevel | undefined;
  const [bubbles, sheetBubbles] = await Promise.all([
    ctx.api.map.bubbles(ctx.call, level, q),
    sheetLevel && sheetLevel !== level ? ctx.api.map.bubbles(ctx.call, sheetLevel, q) : null,
  ]);
  // the registry's own spelling (a request may come as /DITU/): links and the canonical use it
  const path = ctx.page.paths[0] ?? ctx.path;
  const base = queryOf(f, defaultKind);
  const link = (g: MapFilter) => {
    const s = queryOf(g, defaultKind);
    return s ? `${path}?${s}` : path;
  };
  const kinds: MapChip[] = KINDS.map((k) => ({ label: k.label, href: link({ kind: k.kind, rooms: [] }), on: k.kind === f.kind }));
  const prices: MapChip[] = bandsOf(f.kind).map((b, i) => ({
    label: b.label,
    href: link({ ...f, price: f.price === i + 1 ? undefined : i + 1 }),
    on: f.price === i + 1,
  }));
  const rooms: MapChip[] = ROOM_OPTIONS.map((label, i) => ({
    label,
    href: link({ ...f, rooms: f.rooms.includes(i + 1) ? f.rooms.filter((r) => r !== i + 1) : [...f.rooms, i + 1].sort() }),
    on: f.rooms.includes(i + 1),
  }));
  let sheet: MapSheet | null = null;
  if (sheetMatch && sheetLevel) {
    const id = Number(sheetMatch[2]);
    const b = (sheetBubbles ?? bubbles).items.find((i) => i.id === id);
    if (b) sheet = await sheetOf(ctx, f.kind, sheetLevel, b, q);
  }
  const hrefs: Record<number, string> = {};
  for (const b of bubbles.items) hrefs[b.id] = listHref(f.kind, level, b);
  return {
    data: {
      kind: f.kind,
      level,
      kindLabel: KINDS.find((k) => k.kind === f.kind)?.label ?? '',
      kinds,
      prices,
      rooms,
      filterQuery: base,
      path,
      bubbles,
      hrefs,
      priceUnit: f.kind === 'zufang' ? '元/月' : '元/㎡',
      geoUrl: `/geo/${ctx.city.domain || 'cs'}.json`,
      sheet,
    },
  };
}

async function sheetOf(ctx: PageContext, kind: MapKind, level: MapLevel, b: MapBubble, q: MapQuery): Promise<MapSheet> {
  const where = level === 'region' ? { regionId: b.id } : level === 'shopMap' ? { shopMapId: b.id } : { stressId: b.id };
  const common = {
    level,
    id: b.id,
    title: b.name,
    count: b.count,
    avgPrice: b.avgPrice,
    href: listHref(kind, level, b),
    hrefLabel: level === 'xiaoqu' ? (kind === 'xinfang' ? '查看楼盘' : '查看小区') : '查看全部房源',
  };
  if (kind === 'xinfang') {
    if (level === 'xiaoqu') return { ...common, listings: [], estates: [] };
    const page = await ctx.api.house.findListByWap(ctx.call, { cityId: q.cityId, ...where, size: SHEET_SIZE });
    return { ...common, listings: [], estates: page.content };
  }
  const page = await ctx.api.house.findByWapConditionData(ctx.call, {
    cityId: q.cityId,
    houseType: kind === 'zufang' ? HOUSE_TYPES.zufang : HOUSE_TYPES.ershoufang,
    ...where,
    priceMin: q.priceMin,
    priceMax: q.priceMax,
    rooms: q.rooms ? q.rooms.split(',').map(Number) : undefined,
    size: SHEET_SIZE,
  });
  return { ...common, listings: page.content.map(listingCardOf), estates: [] };
}

export const map = pageLoader(loadMap, mapMeta);

/**
 * The static location map of a detail page: the nearby schools and stations and the district outline around a point.
 * A decoration: when the call fails the page goes without it (logged), and is still cached.
 */
export async function locationOf(
  ctx: PageContext,
  p: { name: string; lng: number | null | undefined; lat: number | null | undefined; regionId?: number },
  call = ctx.call,
): Promise<LocationMapData | null> {
  if (typeof p.lng !== 'number' || typeof p.lat !== 'number') return null;
  try {
    const near = await ctx.api.map.nearby(call, { cityId: ctx.city.cityId, lng: p.lng, lat: p.lat, regionId: p.regionId });
    return near ? { ...near, name: p.name, lng: p.lng, lat: p.lat } : null;
  } catch (err) {
    ctx.log.warn({ err, what: 'map.nearby' }, 'location map left out');
    return null;
  }
}
