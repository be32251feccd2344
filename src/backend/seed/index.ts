import { scryptSync } from 'node:crypto';
import { COMMERCIAL_HOUSE_TYPES, HOUSE_TYPES, isRentHouseType } from '../../lib/listing-kinds.ts';
import type { DB } from '../db.ts';
import { buildSearchIndex } from '../search-index.ts';
import { segmentForIndex } from '../segment.ts';
import { type Clock, demoAnchor, monthOf, parseSqlTime, sqlTime } from '../time.ts';
import { seedActivities } from './activities.ts';
import { seedAgentReviews } from './agents.ts';
import { seedAppH5 } from './apph5.ts';
import { articleBlocks, blocksText } from './articles.ts';
import { BAIKE_INTROS, BAIKE_OUTROS, BAIKE_STAGES, type BaikeStage, GLOSSARY } from './baike-words.ts';
import { CALENDAR_ANCHOR_KEY, markSeeded } from './calendar.ts';
import { seedDemoChats } from './chat.ts';
import { CITIES, type CitySeed, OVERSEAS, PICKER_CITIES } from './cities.ts';
import { coherentTags, deferredPick, type Facts, fits } from './coherence.ts';
import { COMMITMENT_INSERT } from './commitments.ts';
import { seedCoordinates } from './geo.ts';
import { imageUrl } from './images.ts';
import { seedMedia } from './media.ts';
import { Rng } from './rng.ts';
import { seedStoreDetails } from './stores.ts';
import * as W from './words.ts';

export const DEFAULT_SEED = 20261122;
/** Bump when the generated data changes shape, so cached test databases are rebuilt. */
export const SEED_VERSION = 2;

/** Listing kinds stored in `listing.house_type`. */

/** Per-city counts at scale 1 (issue 3). */
export const FULL_COUNTS = {
  stores: 20,
  belongers: 150,
  xiaoqu: 800,
  loupan: 300,
  ershoufang: 3000,
  zufang: 1500,
  commercial: 200,
  schools: 120,
  articles: 300,
  baike: 200,
  wenda: 300,
  overseas: 100,
};

/** The community of 长沙 that the search examples name (SPEC 7.6, issue 14). */
export const FEATURED_XIAOQU = '时代苑';

export const DEMO_MEMBER = { phone: '13800138000', password: 'Demo@2026', nickName: '演示用户' };

export interface SeedOptions {
  seed?: number;
  scale?: number;
  /**
   * The clock the demo calendar is laid out from (default Date.now): every date of the data set is placed relative to
   * `demoAnchor(now())`, the latest 16:00 in Beijing. The same seed, scale and anchor give the same rows.
   */
  now?: Clock;
  onProgress?: (step: string, done: number, total: number) => void;
}

export interface SeedSummary {
  seed: number;
  scale: number;
  rows: Record<string, number>;
  ms: number;
}

export { parseSqlTime, sqlTime };

/** The last 24 months, oldest first, as YYYY-MM, ending with the month before the anchor's. */
export function priceMonths(anchor: number): string[] {
  const out: string[] = [];
  for (let i = 24; i >= 1; i--) out.push(monthOf(anchor, -i));
  return out;
}

/** The streets of a district, or the city's where a district has none listed. */
const roadsOf = (city: CitySeed, regionName: string) => city.regions.find((r) => r.name === regionName)?.roads ?? city.roads;

function fill(tpl: string, vars: Record<string, string | number>): string {
  return tpl.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

const DAY = 86_400_000;
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
const cn = (n: number) => '零一二三四五六七八'[n] ?? String(n);
/** A floor plan cannot be on sale before its estate is (SPEC 4 sale status mapping). */
const planStatus = (estate: string, drawn: string) => (estate === '待售' ? '待售' : drawn);
/** A sold-out estate announces no new batch and no special offer. */
const SOLD_OUT_NEWS = W.DONGTAI_TEMPLATES.filter(([kind]) => kind !== '开盘' && kind !== '优惠');

/**
 * How many of each kind a city gets at `scale` (1: the full demo data set) for a city of `size` (长沙 is 1): homes,
 * estates, communities, stores, agents and schools grow with the market; news, the knowledge base and Q&A do not.
 */
export function countsAt(scale: number, size: number): Record<keyof typeof FULL_COUNTS, number> {
  const n = (full: number, min: number, market = true) => Math.max(min, Math.round(full * scale * (market ? size : 1)));
  return {
    stores: n(FULL_COUNTS.stores, 2),
    belongers: n(FULL_COUNTS.belongers, 10),
    xiaoqu: n(FULL_COUNTS.xiaoqu, 30),
    loupan: n(FULL_COUNTS.loupan, 21),
    ershoufang: n(FULL_COUNTS.ershoufang, 200),
    zufang: n(FULL_COUNTS.zufang, 80),
    commercial: n(FULL_COUNTS.commercial, 16),
    schools: n(FULL_COUNTS.schools, 30),
    articles: n(FULL_COUNTS.articles, 24, false),
    baike: n(FULL_COUNTS.baike, 12, false),
    wenda: n(FULL_COUNTS.wenda, 12, false),
    overseas: n(FULL_COUNTS.overseas, 12, false),
  };
}

/** Wipes every table and fills the database with the demo data set. Deterministic for a given seed and scale. */
export function seedDatabase(db: DB, opts: SeedOptions = {}): SeedSummary {
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const scale = opts.scale ?? 1;
  const anchor = demoAnchor((opts.now ?? Date.now)());
  const progress = opts.onProgress ?? (() => {});
  const rng = new Rng(seed);
  const C = countsAt(scale, 1);
  const months = priceMonths(anchor);
  const rows: Record<string, number> = {};
  const count = (t: string, k = 1) => {
    rows[t] = (rows[t] ?? 0) + k;
  };

  const wipe = () => {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_fts_%'")
      .pluck()
      .all() as string[];
    for (const t of tables) db.exec(`DELETE FROM "${t}"`);
  };

  const q = prepareStatements(db);

  const personName = () => rng.pick(W.SURNAMES) + rng.pick(W.GIVEN) + (rng.chance(0.6) ? rng.pick(W.GIVEN) : '');
  const phone = () => `1${rng.pick(['35', '36', '37', '38', '39', '50', '51', '58', '59', '77', '80', '86', '88', '89'])}${rng.digits(8)}`;
  const pastTime = (maxDays: number) => sqlTime(anchor - Math.floor(rng.next() * maxDays * DAY));
  const nick = () =>
    rng.pick([
      `${rng.pick(W.SURNAMES)}先生`,
      `${rng.pick(W.SURNAMES)}女士`,
      `用户${rng.digits(4)}`,
      `${rng.pick(W.XQ_MIDDLE)}业主`,
      '小城买房人',
    ]);

  const ids = {
    region: 0,
    shopMap: 0,
    metro: 0,
    station: 0,
    store: 0,
    belonger: 0,
    xiaoqu: 0,
    loupan: 0,
    listing: 0,
    school: 0,
    doc: 0,
    baike: 0,
    wenda: 0,
  };
  const ctx: Seeder = { db, q, rng, C, anchor, months, ids, count, progress, personName, phone, pastTime, nick };

  // Foreign keys cannot be switched inside a transaction; the generator inserts parents first anyway.
  db.pragma('foreign_keys = OFF');
  db.transaction(() => {
    wipe();
    db.exec(COMMITMENT_INSERT);
    W.INFO_TYPES.forEach((name, i) => {
      q.infoType.run(i + 1, name);
    });
    q.config.run(
      0,
      'TO_JOIN_TEL',
      JSON.stringify([
        { name: '加盟热线', tel: '400-888-9000' },
        { name: '招商专员', tel: '0731-88889000' },
      ]),
    );
    q.config.run(0, 'app_android', JSON.stringify({ apkUrl: '/downloadapp/', version: '5.8.2', forceUpdate: false }));
    q.config.run(0, 'app_menu', JSON.stringify(['ershoufang', 'xinfang', 'zufang', 'xiaoqu', 'fangjia', 'zixun', 'wenda', 'jisuanqi']));
  })();

  for (const city of CITIES) {
    db.transaction(() => {
      // Cities differ in size (issue 32): the market of each is its size times 长沙's.
      seedCity({ ...ctx, C: countsAt(scale, city.size) }, city);
      seedCoordinates(db, city, seed);
      count('store_news', seedStoreDetails(db, city, seed, anchor));
      count('dianping', seedAgentReviews(db, city, seed, anchor)); // one rating for one agent (issue 32)
      count('activity', seedActivities(db, city, seed, anchor)); // campaigns (issue 19)
      // Video and VR (issue 19): after every other step of the city, on its own random sequence.
      for (const [table, k] of Object.entries(seedMedia(db, city, seed, anchor))) count(table, k);
      // In-app pages (issue 19): recent deals and listing verification codes, after every other step of the city.
      for (const [t, k] of Object.entries(seedAppH5(db, city, seed, anchor))) count(t, k);
    })();
    progress(`城市 ${city.name}`, city.id, CITIES.length);
  }
  db.transaction(() => {
    seedPickerCities(ctx);
    seedOverseas(ctx);
    const salt = Buffer.from(rng.digits(16));
    const hash = `scrypt$${salt.toString('base64')}$${scryptSync(DEMO_MEMBER.password, salt, 32).toString('base64')}`;
    q.member.run(
      'm100001',
      DEMO_MEMBER.phone,
      hash,
      DEMO_MEMBER.nickName,
      imageUrl('avatar', 1),
      sqlTime(anchor - 90 * DAY),
      sqlTime(anchor - 90 * DAY),
    );
    count('member');
    q.coupon.run(
      'XH2026001',
      DEMO_MEMBER.phone,
      1,
      '购房优惠券 立减5000元',
      5000,
      '未使用',
      sqlTime(anchor + 60 * DAY),
      sqlTime(anchor - 10 * DAY),
    );
    count('coupon');
    seedCouponBatches(ctx);
    q.meta.run('seed', String(seed));
    q.meta.run('scale', String(scale));
    q.meta.run('seed_version', String(SEED_VERSION));
    q.meta.run('seeded_at', sqlTime(anchor));
    q.meta.run(CALENDAR_ANCHOR_KEY, String(anchor));
  })();
  progress('海外房源与账户', 1, 1);
  // chat (issue 18): the demo member's conversations, on their own Rng stream.
  db.transaction(() => count('chat_record', seedDemoChats(db, seed, anchor)))();
  count('search_entity', buildSearchIndex(db));
  markSeeded(db);
  db.pragma('foreign_keys = ON');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  return { seed, scale, rows, ms: Math.round(performance.now() - started) };
}

/**
 * The coupons a member may claim by number on /coupon (issue 13): two activities per city, their numbers printed on the
 * page's help text. 长沙's first number is the one the contract tests claim.
 */
function seedCouponBatches({ db, count, anchor }: Seeder) {
  const insert = db.prepare('INSERT INTO coupon_batch VALUES (?,?,?,?,?,?,?)');
  for (const city of CITIES) {
    const prefix = city.id === 1 ? 'XH' : city.domain.toUpperCase();
    insert.run(
      `${prefix}2026002`,
      city.id,
      `${city.name}看房季 立减3000元`,
      3000,
      `${city.name}新房、二手房成交可用，每位会员限领一张`,
      90,
      sqlTime(anchor + 120 * DAY),
    );
    insert.run(
      `${prefix}2026088`,
      city.id,
      `${city.name}租房节 中介费8折`,
      800,
      '整租成交时抵扣中介服务费，最高抵扣800元',
      30,
      sqlTime(anchor + 60 * DAY),
    );
    count('coupon_batch', 2);
  }
}

type Statements = ReturnType<typeof prepareStatements>;

/** One prepared INSERT per table. */
function prepareStatements(db: DB) {
  const ins = (sql: string) => db.prepare(sql);
  return {
    city: ins(
      'INSERT INTO city (id, name, cname, domain, pinyin, province, service_phone, lat, lng, sort, hot) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
    ),
    region: ins('INSERT INTO region (id, city_id, name, sort) VALUES (?,?,?,?)'),
    shopMap: ins('INSERT INTO shop_map (id, city_id, region_id, name, lat, lng) VALUES (?,?,?,?,?,?)'),
    metro: ins('INSERT INTO metro (id, city_id, name, color) VALUES (?,?,?,?)'),
    station: ins('INSERT INTO station (id, metro_id, city_id, name, sort) VALUES (?,?,?,?,?)'),
    store: ins(
      'INSERT INTO store (id, city_id, region_id, shop_map_id, name, address, phone, img, license_no, manager, open_year, lat, lng) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)',
    ),
    belonger: ins('INSERT INTO belonger VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)'),
    xiaoqu:
      ins(`INSERT INTO xiaoqu (id, city_id, region_id, shop_map_id, station_id, name, sname, address, build_year, build_type, property_type,
      developer, property_company, property_fee, households, buildings, green_rate, plot_ratio, parking, avg_price, ratio, img, lat, lng, hot, view_num, description)
      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`),
    xiaoquPrice: ins('INSERT INTO xiaoqu_price VALUES (?,?,?)'),
    areaPrice: ins('INSERT INTO area_price VALUES (?,?,?,?,?)'),
    cityDeals: ins(`UPDATE area_price AS a SET deals = (SELECT SUM(d.deals) FROM area_price d
      WHERE d.city_id = a.city_id AND d.month = a.month AND d.region_id > 0) WHERE a.city_id = ? AND a.region_id = 0`),
    listing:
      ins(`INSERT INTO listing (id, house_number, house_type, city_id, region_id, shop_map_id, xiaoqu_id, station_id, belonger_id, title, price,
      unit_price, area, rooms, halls, toilets, floor, total_floors, orientation, decoration, build_year, elevator, use_type, rent_type, short_term,
      pay_type, tags, feature, price_change, original_price, description, img_count, img_seed, has_vr, view_num, created_at, updated_at, status, business_format)
      VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`),
    operateLog: ins('INSERT INTO operate_log (listing_id, kind, old_price, new_price, created_at) VALUES (?,?,?,?,?)'),
    ownerReadme: ins('INSERT INTO owner_readme VALUES (?,?,?)'),
    listingComment: ins('INSERT INTO listing_comment (listing_id, belonger_id, content, created_at) VALUES (?,?,?,?)'),
    daikan: ins(
      'INSERT INTO daikan (listing_id, house_number, loupan_id, belonger_id, member_id, customer, phone, remark, created_at) VALUES (?,?,?,?,?,?,?,?,?)',
    ),
    loupan: ins(`INSERT INTO loupan VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`),
    loupanPrice: ins('INSERT INTO loupan_price VALUES (?,?,?)'),
    loupanHeadline: ins('UPDATE loupan SET avg_price = ?, total_min = ?, total_max = ? WHERE id = ?'),
    huxing: ins(
      'INSERT INTO huxing (loupan_id, name, rooms, halls, toilets, area, total_price, orientation, status, img, description, tags) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)',
    ),
    dongtai: ins('INSERT INTO dongtai (loupan_id, kind, title, content, created_at) VALUES (?,?,?,?,?)'),
    yushou: ins('INSERT INTO yushou (loupan_id, permit_no, issue_date, buildings, units) VALUES (?,?,?,?,?)'),
    loupanBelonger: ins('INSERT OR IGNORE INTO loupan_belonger VALUES (?,?)'),
    contract: ins('INSERT INTO contract (loupan_id, month, units, area, avg_price) VALUES (?,?,?,?,?)'),
    school: ins('INSERT INTO school VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)'),
    schoolXiaoqu: ins('INSERT OR IGNORE INTO school_xiaoqu VALUES (?,?)'),
    schoolLoupan: ins('INSERT OR IGNORE INTO school_loupan VALUES (?,?)'),
    overseas: ins('INSERT INTO overseas VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)'),
    infoType: ins('INSERT INTO info_type VALUES (?,?)'),
    account: ins('INSERT INTO xhaccount VALUES (?,?,?,?,?,?)'),
    doc: ins(`INSERT INTO info_doc (id, city_id, type_id, account_id, title, summary, content, cover, author, source, tags, view_num, fabulous_num,
      collect_num, comment_num, loupan_id, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`),
    comment: ins(
      'INSERT INTO info_comment (doc_id, user_id, nick_name, head_url, content, fabulous_num, parent_id, created_at) VALUES (?,?,?,?,?,?,?,?)',
    ),
    baike: ins('INSERT INTO baike VALUES (?,?,?,?,?,?,?,?)'),
    glossary: ins('INSERT INTO glossary (city_id, term, letter, definition, baike_id) VALUES (?,?,?,?,?)'),
    wenda: ins('INSERT INTO wenda VALUES (?,?,?,?,?,?,?,?,?,?,?,?)'),
    answer: ins('INSERT INTO wenda_answer (wenda_id, belonger_id, user_id, nick_name, content, likes, created_at) VALUES (?,?,?,?,?,?,?)'),
    banner: ins('INSERT INTO banner (city_id, position, title, img, link, sort) VALUES (?,?,?,?,?,?)'),
    config: ins('INSERT OR REPLACE INTO config VALUES (?,?,?)'),
    hot: ins('INSERT OR REPLACE INTO hot_search VALUES (?,?,?,?)'),
    seoLink: ins('INSERT INTO seo_link (city_id, kind, title, url) VALUES (?,?,?,?)'),
    fts: ins('INSERT INTO search_fts (body, kind, ref_id, city_id) VALUES (?,?,?,?)'),
    dianping:
      ins(`INSERT INTO dianping (city_id, loupan_id, listing_id, belonger_id, member_id, nick_name, head_url, score, content, images, created_at)
      VALUES (?,?,?,?,?,?,?,?,?,?,?)`),
    member: ins('INSERT INTO member (uid, phone, password_hash, nick_name, head_url, created_at, updated_at) VALUES (?,?,?,?,?,?,?)'),
    coupon: ins('INSERT INTO coupon (coupon_no, phone, city_id, title, amount, status, expires_at, created_at) VALUES (?,?,?,?,?,?,?,?)'),
    meta: ins('INSERT OR REPLACE INTO meta VALUES (?,?)'),
  };
}

type IdCounter =
  | 'region'
  | 'shopMap'
  | 'metro'
  | 'station'
  | 'store'
  | 'belonger'
  | 'xiaoqu'
  | 'loupan'
  | 'listing'
  | 'school'
  | 'doc'
  | 'baike'
  | 'wenda';

/**
 * What every step shares. The steps draw from one random sequence, so they run in a fixed order: a step moved or a
 * draw added changes every row after it.
 */
interface Seeder {
  db: DB;
  q: Statements;
  rng: Rng;
  C: Record<keyof typeof FULL_COUNTS, number>;
  /** The demo calendar's "now" (see `demoAnchor`). */
  anchor: number;
  months: string[];
  ids: Record<IdCounter, number>;
  count: (table: string, k?: number) => void;
  progress: (step: string, done: number, total: number) => void;
  personName: () => string;
  phone: () => string;
  pastTime: (maxDays: number) => string;
  nick: () => string;
}

interface Region {
  id: number;
  name: string;
  factor: number;
  lat: number;
  lng: number;
}
interface Shop {
  id: number;
  regionId: number;
  name: string;
  lat: number;
  lng: number;
}
interface Station {
  id: number;
  name: string;
}
interface Store {
  id: number;
  shop: Shop;
}
interface Community {
  id: number;
  regionId: number;
  shopId: number;
  stationId: number | null;
  name: string;
  price: number;
  year: number;
  floors: number;
}
interface Estate {
  id: number;
  regionId: number;
  name: string;
}

/** A city's places, which every later step draws from. */
interface CityPlaces {
  city: CitySeed;
  cid: number;
  regions: Region[];
  shops: Shop[];
  stations: Station[];
  regionOf: Map<number, Region>;
  address: (regionName: string) => string;
}

/** One city, one table after the other, parents first. */
function seedCity(ctx: Seeder, city: CitySeed) {
  seedCityRow(ctx, city);
  const { regions, shops } = seedRegions(ctx, city);
  const stations = seedMetros(ctx, city);
  const places: CityPlaces = {
    city,
    cid: city.id,
    regions,
    shops,
    stations,
    regionOf: new Map(regions.map((r) => [r.id, r])),
    // Each district's own streets (issue 32): a community of 开福区 is never on 黄兴南路.
    address: (regionName) => `${city.name}市${regionName}${ctx.rng.pick(roadsOf(city, regionName))}${ctx.rng.int(1, 599)}号`,
  };
  const stores = seedStores(ctx, places);
  const belongers = seedBelongers(ctx, places, stores);
  const xiaoqus = seedXiaoqu(ctx, places);
  seedAreaPrices(ctx, places);
  // No draw: the district and city series follow the communities' at once, so articles can quote them.
  weighAreaPrices(ctx, places);
  const loupans = seedLoupans(ctx, places, belongers);
  seedListings(ctx, places, stores, belongers, xiaoqus);
  seedSchools(ctx, places, xiaoqus, loupans);
  const accounts = seedAccounts(ctx, places);
  seedArticles(ctx, places, accounts, loupans);
  seedBaike(ctx, places);
  seedGlossary(ctx, places);
  seedWenda(ctx, places, loupans, xiaoqus, belongers);
  seedBanners(ctx, places, loupans);
  seedCityConfig(ctx, places);
  seedHotSearches(ctx, places, loupans, xiaoqus);
  seedSeoLinks(ctx, places);
  seedTopics(ctx, places);
}

function seedCityRow({ q, count }: Seeder, city: CitySeed) {
  const cid = city.id;
  q.city.run(cid, city.name, city.cname, city.domain, city.pinyin, city.province, city.servicePhone, city.lat, city.lng, cid, 1);
  count('city');
}

/**
 * Regions sit around the centre, the dearer (more central) ones closer in, each in its own direction, so that map
 * bubbles of regions and business areas do not overlap; business areas (shop_map) cluster around their region.
 */
function seedRegions({ q, rng, ids, count }: Seeder, city: CitySeed): { regions: Region[]; shops: Shop[] } {
  const cid = city.id;
  const regions: Region[] = [];
  const shops: Shop[] = [];
  city.regions.forEach((r, i) => {
    const id = ++ids.region;
    q.region.run(id, cid, r.name, i + 1);
    const angle = (2 * Math.PI * i) / city.regions.length + 0.3;
    const dist = r.factor >= 1 ? 0.035 : r.factor >= 0.75 ? 0.08 : 0.16;
    const center = { lat: round5(city.lat + dist * Math.sin(angle)), lng: round5(city.lng + dist * Math.cos(angle) * 1.15) };
    regions.push({ id, name: r.name, factor: r.factor, ...center });
    for (const a of r.areas) {
      const s = {
        id: ++ids.shopMap,
        regionId: id,
        name: a,
        lat: round5(center.lat + rng.float(-0.018, 0.018, 5)),
        lng: round5(center.lng + rng.float(-0.02, 0.02, 5)),
      };
      q.shopMap.run(s.id, cid, id, a, s.lat, s.lng);
      shops.push(s);
    }
  });
  count('region', regions.length);
  count('shop_map', shops.length);
  return { regions, shops };
}

function seedMetros({ q, ids, count }: Seeder, city: CitySeed): Station[] {
  const cid = city.id;
  const stations: Station[] = [];
  for (const m of city.metros) {
    const mid = ++ids.metro;
    q.metro.run(mid, cid, m.name, m.color);
    m.stations.forEach((s, i) => {
      const id = ++ids.station;
      q.station.run(id, mid, cid, s, i + 1);
      stations.push({ id, name: s });
    });
  }
  count('metro', city.metros.length);
  count('station', stations.length);
  return stations;
}

function seedStores({ q, rng, C, ids, count, personName }: Seeder, { city, cid, shops, regionOf, address }: CityPlaces): Store[] {
  const stores: Store[] = [];
  for (let i = 0; i < C.stores; i++) {
    const shop = shops[i % shops.length];
    const id = ++ids.store;
    const r = regionOf.get(shop.regionId) as Region;
    q.store.run(
      id,
      cid,
      shop.regionId,
      shop.id,
      `${shop.name}${cn(Math.floor(i / shops.length) + 1)}店`,
      address(r.name),
      `${city.areaCode}-8${rng.digits(['027', '0731', '0791'].includes(city.areaCode) ? 7 : 6)}`,
      imageUrl('store', id),
      `${city.pinyin.slice(0, 2).toUpperCase()}FC${rng.digits(8)}`,
      personName(),
      rng.int(2008, 2024),
      round5(shop.lat + rng.float(-0.01, 0.01, 5)),
      round5(shop.lng + rng.float(-0.01, 0.01, 5)),
    );
    stores.push({ id, shop });
  }
  count('store', stores.length);
  return stores;
}

function seedBelongers({ q, rng, C, ids, count, personName, phone }: Seeder, { cid }: CityPlaces, stores: Store[]): number[] {
  const belongers: number[] = [];
  for (let i = 0; i < C.belongers; i++) {
    const id = ++ids.belonger;
    const store = stores[i % stores.length];
    const years = rng.int(1, 15);
    const deals = rng.int(5, 40) * years;
    const iskefu = i % 15 === 0 ? 1 : 0;
    q.belonger.run(
      id,
      `b${100000 + id}`,
      cid,
      store.id,
      personName(),
      phone(),
      String(rng.int(1000, 9999)),
      iskefu,
      imageUrl('avatar', id),
      iskefu
        ? '客服专员'
        : rng.weighted([
            ['置业顾问', 5],
            ['高级置业顾问', 3],
            ['资深经纪人', 2],
            ['店长', 1],
          ] as const),
      years,
      rng.float(4.2, 5, 1),
      deals,
      deals * rng.int(4, 9),
      fill(rng.pick(W.AGENT_INTROS), { years, area: store.shop.name, deals }),
      rng.sample(W.AGENT_TAGS, 3).join(','),
      rng.int(1, 5),
    );
    belongers.push(id);
  }
  count('belonger', belongers.length);
  return belongers;
}

/** Communities with 24 months of prices. */
function seedXiaoqu({ q, rng, C, ids, months, count }: Seeder, { city, cid, shops, stations, regionOf, address }: CityPlaces): Community[] {
  const xiaoqus: Community[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < C.xiaoqu; i++) {
    const shop = shops[i % shops.length];
    const region = regionOf.get(shop.regionId) as Region;
    let sname = '';
    let dev = '';
    for (let tries = 0; tries < 50; tries++) {
      dev = rng.pick(W.DEVELOPERS);
      const mid = rng.chance(0.3) ? shop.name : rng.pick(W.XQ_MIDDLE);
      sname = mid + rng.pick(W.XQ_SUFFIX);
      if (!usedNames.has(sname)) break;
      sname = `${sname}${cn(rng.int(2, 5))}期`;
      if (!usedNames.has(sname)) break;
    }
    const branded = rng.chance(0.55);
    // The site-wide search's example community (issue 14: `shidaiyuan` and `sdy` find 时代苑): the first of 长沙,
    // renamed after its draws so that every other row stays as the seed makes it.
    const featured = cid === 1 && i === 0;
    if (featured) sname = FEATURED_XIAOQU;
    usedNames.add(sname);
    const name = branded && !featured ? `${dev}${sname}` : sname;
    const year = rng.weighted([
      [rng.int(1990, 2004), 2],
      [rng.int(2005, 2014), 4],
      [rng.int(2015, 2024), 4],
    ] as const);
    const ageFactor = year >= 2015 ? 1.12 : year >= 2005 ? 1 : 0.82;
    const price = Math.round((city.avgPrice * region.factor * ageFactor * rng.float(0.72, 1.32)) / 10) * 10;
    const floors = rng.pick([6, 7, 11, 18, 26, 33]);
    const station = stations.length && rng.chance(0.45) ? rng.pick(stations).id : null;
    const id = ++ids.xiaoqu;
    const trend = rng.float(-0.12, 0.06, 3);
    let prev = price;
    let last = price;
    months.forEach((m, k) => {
      const p = Math.round(price * (1 - trend * ((months.length - 1 - k) / (months.length - 1))) * (1 + rng.float(-0.012, 0.012, 4)));
      q.xiaoquPrice.run(id, m, p);
      prev = last;
      last = p;
    });
    const ratio = Math.round(((last - prev) / prev) * 10000) / 100;
    // Drawn in the order the row's columns were always drawn, so the data set stays the same for a given seed.
    const buildType = floors > 7 ? rng.pick(['板楼', '塔楼', '板塔结合']) : '板楼';
    const propertyType = rng.weighted([
      ['普通住宅', 8],
      ['商住两用', 1],
      ['别墅', 1],
    ] as const);
    const company = rng.pick(W.PROPERTY_COMPANIES);
    const fee = rng.float(0.8, 3.8, 1);
    const households = rng.int(200, 3200);
    const buildings = rng.int(4, 40);
    const green = rng.int(25, 45);
    const plot = rng.float(1.5, 4.5, 1);
    const parking = `地上${rng.int(100, 800)}个 地下${rng.int(300, 2000)}个`;
    const lat = round5(shop.lat + rng.float(-0.01, 0.01, 5));
    const lng = round5(shop.lng + rng.float(-0.01, 0.01, 5));
    const hot = Math.max(rng.int(0, 100), featured ? 100 : 0);
    const views = rng.int(100, 20000);
    // The description once drew its own building count; the draw is kept (same sequence) but the text says `buildings`.
    rng.int(4, 40);
    q.xiaoqu.run(
      id,
      cid,
      region.id,
      shop.id,
      station,
      name,
      sname,
      address(region.name),
      year,
      buildType,
      propertyType,
      `${dev}地产`,
      company,
      fee,
      households,
      buildings,
      green,
      plot,
      parking,
      last,
      ratio,
      imageUrl('house', id + 3),
      lat,
      lng,
      hot,
      views,
      `${name}位于${region.name}${shop.name}板块，${year}年建成，共${buildings}栋，${floors > 7 ? '电梯高层' : '多层住宅'}为主，小区绿化率高，周边生活配套成熟。`,
    );
    q.fts.run(segmentForIndex(`${name} ${sname} ${region.name} ${shop.name}`), 'xiaoqu', id, cid);
    xiaoqus.push({ id, regionId: region.id, shopId: shop.id, stationId: station, name, price: last, year, floors });
  }
  count('xiaoqu', xiaoqus.length);
  count('xiaoqu_price', xiaoqus.length * months.length);
  return xiaoqus;
}

/** Monthly prices per region, and (region 0) for the whole city. */
function seedAreaPrices({ q, rng, months, count }: Seeder, { city, cid, regions }: CityPlaces) {
  for (const r of regions) {
    const base = city.avgPrice * r.factor;
    // A district's monthly deals move with the season and a draw of ±10 % around its size (issue 32: a news figure
    // quoting their change stays plausible).
    const usual = 300 * r.factor;
    months.forEach((m, k) => {
      const price = Math.round(base * (0.93 + 0.07 * Math.sin(k / 4)) * (1 + rng.float(-0.01, 0.01, 4)));
      const drawn = rng.int(80, 900);
      q.areaPrice.run(cid, r.id, m, price, Math.round(usual * (0.92 + 0.08 * Math.sin(k / 3)) * (0.9 + (0.2 * (drawn - 80)) / 820)));
    });
  }
  months.forEach((m, k) => {
    q.areaPrice.run(
      cid,
      0,
      m,
      Math.round(city.avgPrice * (0.95 + 0.05 * Math.sin(k / 4)) * (1 + rng.float(-0.01, 0.01, 4))),
      rng.int(900, 6000),
    );
  });
  // The city's deals are its districts' (the draw above stays, for the sequence).
  q.cityDeals.run(cid);
  count('area_price', (regions.length + 1) * months.length);
}

/**
 * The area series made consistent with the community series (issue 16): a district's price of a month is the average
 * of its communities' prices weighted by their households, and the city's (region 0) the same over all its communities,
 * which is the districts' prices weighted by their households. No random draw, so every other table
 * keeps its values; the deals drawn by seedAreaPrices stay.
 */
function weighAreaPrices({ db }: Seeder, { cid }: CityPlaces) {
  const weighted = `SELECT CAST(ROUND(SUM(p.price * x.households) * 1.0 / SUM(x.households)) AS INTEGER)
    FROM xiaoqu_price p JOIN xiaoqu x ON x.id = p.xiaoqu_id WHERE x.city_id = a.city_id AND p.month = a.month`;
  db.prepare(`UPDATE area_price AS a SET price = (${weighted} AND x.region_id = a.region_id)
    WHERE a.city_id = ? AND a.region_id > 0 AND EXISTS (SELECT 1 FROM xiaoqu x WHERE x.region_id = a.region_id)`).run(cid);
  db.prepare(`UPDATE area_price AS a SET price = (${weighted}) WHERE a.city_id = ? AND a.region_id = 0`).run(cid);
}

const ESTATE_STATUSES = [
  ['待售', 1],
  ['期房', 4],
  ['现房', 2.5],
  ['尾房', 1.5],
  ['售完', 1],
] as const;
const TYPE_CODES = [1, 2, 3, 4, 5, 6, 8];
const TYPE_FACTOR: Record<number, number> = { 1: 1, 2: 1.5, 3: 1.9, 4: 0.8, 5: 0.9, 6: 1.6, 8: 0.7 };

/** New-home estates with their prices, floor plans, news, permits, agents, contracts and reviews. */
function seedLoupans(ctx: Seeder, places: CityPlaces, belongers: number[]): Estate[] {
  const { q, rng, C, ids, months, count, pastTime, anchor } = ctx;
  const { city, cid, shops, stations, regionOf, address } = places;
  const statuses = ESTATE_STATUSES;
  const loupans: Estate[] = [];
  for (let i = 0; i < C.loupan; i++) {
    const id = ++ids.loupan;
    const shop = rng.pick(shops);
    const region = regionOf.get(shop.regionId) as Region;
    const dev = rng.pick(W.DEVELOPERS);
    const core = `${rng.chance(0.3) ? shop.name : rng.pick(W.XQ_MIDDLE)}${rng.pick(['天悦', '壹号院', '云著', '公园里', '御府', '玖樾', '和鸣', '星河湾', '璟园', '学府', '书院', '悦城', '滨江府', '湖畔', '国际社区'])}`;
    const name = `${dev}·${core}`;
    const status = i < statuses.length ? statuses[i][0] : rng.weighted(statuses);
    const codes = new Set<number>([TYPE_CODES[i % TYPE_CODES.length]]);
    if (rng.chance(0.75)) codes.add(1);
    if (rng.chance(0.15)) codes.add(rng.pick(TYPE_CODES));
    const avg = Math.round((city.avgPrice * region.factor * rng.float(1.0, 1.45)) / 100) * 100;
    const main = Math.min(...codes);
    const mainPrice = Math.round(avg * TYPE_FACTOR[main]);
    const minArea = rng.int(60, 95);
    const maxArea = minArea + rng.int(40, 150);
    // An estate still 待售 opens later; one on sale, sold or handed over has opened (issue 32). The draw stays; its
    // side follows the status.
    const drawn = rng.int(-120, 900);
    const open = anchor - (status === '待售' ? -((Math.abs(drawn) % 120) + 7) : Math.abs(drawn) + 14) * DAY;
    const station = stations.length && rng.chance(0.4) ? rng.pick(stations).id : null;
    // Drawn in the order the row lists them (the random sequence stays as it was); tags then follow the draws.
    const addr = address(region.name);
    const roads = roadsOf(city, region.name);
    const [road, cross] = [rng.pick(roads), rng.pick(roads)];
    const saleAddress = `${region.name}${road}与${cross === road ? roads[(roads.indexOf(road) + 1) % roads.length] : cross}交汇处`;
    const propertyCompany = rng.pick(W.PROPERTY_COMPANIES);
    const propertyFee = rng.float(1.8, 4.5, 1);
    const handover = sqlTime(open + rng.int(300, 1100) * DAY).slice(0, 10);
    const decoration = rng.weighted([
      ['精装', 6],
      ['毛坯', 3],
      ['豪装', 1],
    ] as const);
    const plotRatio = rng.float(1.2, 3.8, 1);
    const greenRate = rng.int(30, 45);
    const households = rng.int(300, 3500);
    const parking = `1:${rng.float(1, 1.5, 1)}`;
    const estateFacts: Facts = {
      orientation: null,
      year: new Date(anchor).getUTCFullYear(),
      decoration,
      deal: 'sale',
      elevator: true,
      nearMetro: station !== null,
      buildYear: 2026,
      floor: 1,
      floors: 1,
      payType: null,
      saleStatus: status,
    };
    const tags = coherentTags(rng.sample(W.LOUPAN_TAGS, 3), estateFacts);
    q.loupan.run(
      id,
      `hs${200000 + id}`,
      cid,
      region.id,
      shop.id,
      station,
      name,
      core,
      addr,
      saleAddress,
      mainPrice,
      Math.round((mainPrice * minArea) / 1000) / 10,
      Math.round((mainPrice * maxArea) / 1000) / 10,
      status,
      [...codes].sort((a, b) => a - b).join(','),
      `${dev}地产`,
      propertyCompany,
      propertyFee,
      sqlTime(open).slice(0, 10),
      handover,
      decoration,
      plotRatio,
      greenRate,
      households,
      parking,
      // Residential land is let for 70 years; with no home on it, offices and shops 40, apartments and the rest 50.
      codes.has(1) || codes.has(2) || codes.has(3) ? 70 : codes.has(5) || codes.has(6) ? 40 : 50,
      tags.join(','),
      imageUrl('loupan', id),
      id,
      rng.chance(0.5) ? 1 : 0,
      rng.chance(0.3) ? 1 : 0,
      round5(shop.lat + rng.float(-0.01, 0.01, 5)),
      round5(shop.lng + rng.float(-0.01, 0.01, 5)),
      rng.int(200, 60000),
      rng.int(0, 100),
      rng.int(0, 1200),
      String(rng.int(1000, 9999)),
      `${name}由${dev}开发，位于${region.name}${shop.name}板块，总建面约${rng.int(8, 60)}万㎡，规划${rng.int(8, 30)}栋住宅，主力户型${minArea}-${maxArea}㎡，项目周边交通便利，教育、医疗、商业配套齐全。`,
      pastTime(900),
    );
    const typePrices = new Map<number, number>();
    for (const c of codes) {
      typePrices.set(c, Math.round(avg * TYPE_FACTOR[c] * rng.float(0.95, 1.05)));
      q.loupanPrice.run(id, c, typePrices.get(c));
    }
    // The headline 参考均价 is the main type's own price, so it never lies outside the per-type prices (issue 32).
    const headline = typePrices.get(main) as number;
    q.loupanHeadline.run(headline, Math.round((headline * minArea) / 1000) / 10, Math.round((headline * maxArea) / 1000) / 10, id);
    const estate: EstateFacts = { id, status, core, minArea, maxArea, mainPrice: headline, open };
    seedFloorPlans(ctx, estate);
    seedEstateNews(ctx, estate);
    seedPresalePermits(ctx, city, estate);
    for (const b of rng.sample(belongers, rng.int(2, 4))) q.loupanBelonger.run(id, b);
    for (let mth = 0; mth < 6; mth++)
      q.contract.run(id, months[months.length - 6 + mth], rng.int(0, 60), rng.int(0, 6000), Math.round(headline * rng.float(0.96, 1.04)));
    q.fts.run(segmentForIndex(`${name} ${core} ${region.name} ${shop.name} ${dev}`), 'loupan', id, cid);
    seedEstateReview(ctx, cid, id);
    loupans.push({ id, regionId: region.id, name });
  }
  count('loupan', loupans.length);
  return loupans;
}

/** What an estate's floor plans, news and permits are drawn from. */
interface EstateFacts {
  id: number;
  status: string;
  core: string;
  minArea: number;
  maxArea: number;
  mainPrice: number;
  /** When it opened (ms). */
  open: number;
}

function seedFloorPlans({ q, rng, count }: Seeder, { id, status, minArea, maxArea, mainPrice }: EstateFacts) {
  const hxCount = rng.int(3, 6);
  for (let h = 0; h < hxCount; h++) {
    const rooms = Math.min(5, 2 + Math.floor((h * 3) / hxCount) + (rng.chance(0.2) ? 1 : 0));
    const area = Math.round(minArea + ((maxArea - minArea) * h) / Math.max(1, hxCount - 1));
    // Drawn in the order the row lists them (the random sequence stays as it was). Only a plan facing 南北 is 南北通透
    // (issue 32): another one says 全明格局 / 全明户型 instead.
    const orientation = rng.pick(['南', '南北', '东南']);
    const planStatusDrawn = status === '售完' ? '售完' : planStatus(status, rng.pick(['在售', '在售', '待售']));
    const through = (word: string) => (word === '南北通透' && orientation !== '南北' ? null : word);
    const layoutWord = through(rng.pick(['南北通透', '全明格局', '动静分区', '双阳台设计', '主卧带衣帽间'])) ?? '全明格局';
    const description = `${rooms}室${rooms >= 3 ? 2 : 1}厅 建面约${area}㎡，${layoutWord}，${rng.pick(['得房率高', '客厅开间大', '餐厨一体'])}。`;
    const tags = rng.sample(['南北通透', '全明户型', '双卫', '大阳台', '主卧套房', '餐厨一体'], 2).map((t) => through(t) ?? '全明户型');
    q.huxing.run(
      id,
      `${String.fromCharCode(65 + h)}户型`,
      rooms,
      rooms >= 3 ? 2 : 1,
      rooms >= 3 ? 2 : 1,
      area,
      Math.round((mainPrice * area) / 1000) / 10,
      orientation,
      planStatusDrawn,
      imageUrl('huxing', id + h),
      description,
      [...new Set(tags)].join(','),
    );
    count('huxing');
  }
}

function seedEstateNews({ q, rng, count, pastTime }: Seeder, { id, status, core, minArea, maxArea, mainPrice }: EstateFacts) {
  const dtCount = rng.int(3, 6);
  for (let d = 0; d < dtCount; d++) {
    const [kind, t, c] = rng.pick(status === '售完' ? SOLD_OUT_NEWS : W.DONGTAI_TEMPLATES);
    const vars = {
      name: core,
      n: rng.int(1, 20),
      area: minArea,
      area2: maxArea,
      price: mainPrice,
      total: Math.round((mainPrice * minArea) / 10000),
      units: rng.int(80, 400),
    };
    q.dongtai.run(id, kind, fill(t, vars), fill(c, vars), pastTime(400));
    count('dongtai');
  }
}

function seedPresalePermits({ q, rng, count, anchor }: Seeder, city: CitySeed, { id, open }: EstateFacts) {
  const ysCount = rng.int(1, 3);
  // Permits come before the opening and before now, a quarter apart; the number carries its issue year (issue 32).
  const last = Math.min(open - 30 * DAY, anchor - 10 * DAY);
  for (let y = 0; y < ysCount; y++) {
    const issued = sqlTime(last - (ysCount - 1 - y) * 90 * DAY).slice(0, 10);
    q.yushou.run(
      id,
      `${city.name.slice(0, 1)}住建预许字(${issued.slice(0, 4)})第${rng.int(10, 999)}号`,
      issued,
      `${rng.int(1, 10)}栋、${rng.int(11, 20)}栋`,
      rng.int(80, 500),
    );
    count('yushou');
  }
}

/** Three estates in ten have a visitor's review. */
function seedEstateReview({ q, rng, count, pastTime, nick }: Seeder, cid: number, id: number) {
  if (rng.chance(0.3)) {
    q.dianping.run(
      cid,
      id,
      null,
      null,
      `u${rng.digits(6)}`,
      nick(),
      imageUrl('avatar', rng.int(1, 24)),
      rng.int(3, 5),
      rng.pick([
        '户型设计合理，得房率高。',
        '周边配套还在建设中，期待交付。',
        '售楼处服务很热情，样板间很好看。',
        '价格有点高，但是品质不错。',
      ]),
      null,
      pastTime(200),
    );
    count('dianping');
  }
}

const AREAS = [
  [[35, 50], 8],
  [[50, 70], 15],
  [[70, 90], 22],
  [[90, 110], 20],
  [[110, 140], 18],
  [[140, 200], 11],
  [[200, 320], 6],
] as const;

/** Second-hand, rental and commercial listings with their history, then each community's listing counts. */
function seedListings(ctx: Seeder, places: CityPlaces, stores: Store[], belongers: number[], xiaoqus: Community[]) {
  const { db, q, rng, C, ids, count, progress, anchor } = ctx;
  const { city, cid, shops, stations, regionOf } = places;
  const photos = () => rng.int(4, 8);
  const xqCounts = new Map<number, { es: number; zf: number }>();
  const addListing = (houseType: number, i: number) => {
    const id = ++ids.listing;
    const commercial = COMMERCIAL_HOUSE_TYPES.includes(houseType);
    const xq = commercial ? null : xiaoqus[rng.int(0, xiaoqus.length - 1)];
    const shop = xq ? (shops.find((s) => s.id === xq.shopId) as Shop) : rng.pick(shops);
    const region = regionOf.get(shop.regionId) as Region;
    const store = stores.find((s) => s.shop.regionId === region.id) ?? rng.pick(stores);
    const belongerId = belongers[(store.id * 7 + i) % belongers.length];
    const floorsTotal = xq ? xq.floors : rng.pick([3, 5, 18, 26, 32]);
    const floor = rng.int(1, floorsTotal);
    const orientation = rng.weighted([
      ['南北', 5],
      ['南', 3],
      ['东南', 2],
      ['西南', 1],
      ['东', 1],
      ['西', 1],
      ['北', 0.5],
      ['东西', 0.5],
    ] as const);
    const decoration = rng.weighted([
      ['精装', 5],
      ['简装', 3],
      ['毛坯', 1.5],
      ['豪装', 0.8],
    ] as const);
    const year = xq ? xq.year : rng.int(2000, 2023);
    const terms =
      houseType === HOUSE_TYPES.ershoufang
        ? secondHandTerms(rng, xq as Community, i, decoration)
        : houseType === HOUSE_TYPES.zufang
          ? rentalTerms(rng, city, xq as Community, i)
          : commercialTerms(rng, city, region, shop, houseType);
    const { area, price, unit, rooms, halls, toilets, rentType, shortTerm, payType, useType, titleOf, format } = terms;
    let { tags } = terms;
    const priceChange = houseType === HOUSE_TYPES.ershoufang && rng.chance(0.15) ? (rng.chance(0.8) ? -1 : 1) : 0;
    const original = priceChange ? Math.round(price * (1 - priceChange * rng.float(0.03, 0.1)) * 10) / 10 : null;
    const created = anchor - Math.floor(rng.next() ** 1.5 * 365 * DAY);
    const station = xq?.stationId ?? (stations.length && rng.chance(0.3) ? rng.pick(stations).id : null);
    const facts: Facts = {
      orientation: commercial ? null : orientation,
      year: new Date(anchor).getUTCFullYear(),
      decoration,
      deal: isRentHouseType(houseType) ? 'rent' : 'sale',
      elevator: floorsTotal > 7,
      nearMetro: station !== null,
      buildYear: year,
      floor,
      floors: floorsTotal,
      payType,
      saleStatus: null,
    };
    tags = coherentTags(tags, facts);
    const title = titleOf(fits(facts));
    const feature = [
      ...tags.filter((t) => W.FEATURES.includes(t)),
      ...(i % 9 === 0 ? ['VR看房'] : []),
      ...(priceChange < 0 ? ['降价'] : []),
    ];
    const prefix = {
      [HOUSE_TYPES.ershoufang]: 'ES',
      [HOUSE_TYPES.zufang]: 'ZF',
      [HOUSE_TYPES.shangpucs]: 'SPS',
      [HOUSE_TYPES.shangpucz]: 'SPZ',
      [HOUSE_TYPES.xieziloucs]: 'XZS',
      [HOUSE_TYPES.xieziloucz]: 'XZZ',
    }[houseType] as string;
    const desc =
      houseType === HOUSE_TYPES.zufang
        ? `房子${decoration}，${payType}，${decoration === '毛坯' ? '家具可按需添置' : '家具家电齐全'}，${rentType === '合租' ? '室友都是上班族，作息规律' : '适合家庭或情侣居住'}。小区环境安静，步行可达公交站${station ? '和地铁站' : ''}，看房提前联系。`
        : houseType === HOUSE_TYPES.ershoufang
          ? `${rooms}室${halls}厅${toilets}卫，建筑面积${area}㎡，${orientation}朝向，${decoration}，${floor}/${floorsTotal}层。${rng.pick(W.OWNER_READMES)}`
          : `${title}。${region.name}${shop.name}核心地段，交通便利，周边配套成熟，${tags.join('、')}。`;
    q.listing.run(
      id,
      `${city.domain.toUpperCase()}${prefix}${String(id).padStart(7, '0')}`,
      houseType,
      cid,
      region.id,
      shop.id,
      xq?.id ?? null,
      station,
      belongerId,
      title,
      price,
      unit,
      area,
      rooms,
      halls,
      toilets,
      floor,
      floorsTotal,
      orientation,
      decoration,
      year,
      floorsTotal > 7 ? 1 : 0,
      useType,
      rentType,
      shortTerm,
      payType,
      tags.join(','),
      feature.join(','),
      priceChange,
      original,
      desc,
      photos(),
      rng.int(1, 200),
      i % 9 === 0 ? 1 : 0,
      rng.int(10, 5000),
      sqlTime(created),
      sqlTime(Math.min(anchor, created + rng.int(0, 60) * DAY)),
      1,
      format,
    );
    q.fts.run(
      segmentForIndex(`${title} ${xq?.name ?? ''} ${region.name} ${shop.name}`),
      houseType === HOUSE_TYPES.ershoufang ? 'ershoufang' : houseType === HOUSE_TYPES.zufang ? 'zufang' : 'business',
      id,
      cid,
    );
    seedListingHistory(ctx, city, { id, prefix, houseType, belongerId, price, original, priceChange, created });
    if (xq) {
      const c = xqCounts.get(xq.id) ?? { es: 0, zf: 0 };
      if (houseType === HOUSE_TYPES.ershoufang) c.es++;
      else c.zf++;
      xqCounts.set(xq.id, c);
    }
  };
  for (let i = 0; i < C.ershoufang; i++) addListing(HOUSE_TYPES.ershoufang, i);
  progress(`${city.name} 二手房`, C.ershoufang, C.ershoufang);
  for (let i = 0; i < C.zufang; i++) addListing(HOUSE_TYPES.zufang, i);
  for (let i = 0; i < C.commercial; i++) addListing(COMMERCIAL_HOUSE_TYPES[i % 4] as number, i);
  count('listing', C.ershoufang + C.zufang + C.commercial);
  const upd = db.prepare('UPDATE xiaoqu SET ershoucount = ?, zufangcount = ? WHERE id = ?');
  for (const [id, c] of xqCounts) upd.run(c.es, c.zf, id);
}

/** What a listing's kind decides: its size, price, layout, rent terms, use and title. */
interface ListingTerms {
  area: number;
  price: number;
  unit: number;
  rooms: number;
  halls: number;
  toilets: number;
  rentType: string | null;
  shortTerm: number;
  payType: string | null;
  useType: string;
  titleOf: (fit: (text: string) => boolean) => string;
  tags: string[];
  format: string | null;
}

const roomsFor = (rng: Rng, a: number) => (a < 50 ? 1 : a < 75 ? 2 : a < 125 ? 3 : a < 170 ? 4 : rng.int(5, 6));

function secondHandTerms(rng: Rng, xq: Community, i: number, decoration: string): ListingTerms {
  let useType = '普通住宅';
  const band = rng.weighted(AREAS.map(([r, w]) => [r, w] as const));
  let area = rng.float(band[0], band[1], 1);
  const luxury = i % 40 === 0;
  if (luxury) {
    area = rng.float(220, 380, 1);
    useType = '别墅';
  } else if (i % 25 === 1) useType = '公寓';
  const asked = Math.round((xq.price * rng.float(0.86, 1.14) * (luxury ? 1.5 : 1) * (useType === '公寓' ? 0.75 : 1)) / 10) * 10;
  const price = Math.round((asked * area) / 1000) / 10;
  // The unit price shown is the price (rounded to 0.1万) over the area, so the two never disagree (issue 32).
  const unit = Math.round((price * 10000) / area);
  const rooms = roomsFor(rng, area);
  const halls = rooms >= 3 ? 2 : 1;
  const toilets = rooms >= 4 ? rng.int(2, 3) : rooms === 3 ? rng.int(1, 2) : 1;
  const tags = rng.sample(W.LISTING_TAGS, rng.int(2, 4));
  const phrase = deferredPick(rng.next());
  const titleOf: ListingTerms['titleOf'] = (fit) => `${xq.name} ${rooms}室${halls}厅 ${decoration} ${phrase(W.TITLE_PHRASES.filter(fit))}`;
  return { area, price, unit, rooms, halls, toilets, rentType: null, shortTerm: 0, payType: null, useType, titleOf, tags, format: null };
}

function rentalTerms(rng: Rng, city: CitySeed, xq: Community, i: number): ListingTerms {
  let price: number;
  let titleOf: ListingTerms['titleOf'];
  const shared = rng.chance(0.3);
  const rentType = shared ? '合租' : '整租';
  const shortTerm = rng.chance(0.12) ? 1 : 0;
  const payType = shortTerm ? '月付' : rng.pick(W.PAY_TYPES);
  const band = rng.weighted(AREAS.slice(0, 5).map(([r, w]) => [r, w] as const));
  const area = shared ? rng.float(10, 26, 1) : rng.float(band[0], band[1], 1);
  const rooms = shared ? rng.int(2, 4) : roomsFor(rng, area);
  const halls = 1;
  const toilets = rooms >= 3 && !shared ? 2 : 1;
  price = shared
    ? Math.round((city.avgRent * rng.float(0.15, 0.5)) / 10) * 10
    : Math.round((city.avgRent * (area / 90) * rng.float(0.75, 1.3) * (i % 30 === 0 ? 2.2 : 1)) / 50) * 50;
  if (shortTerm) price = Math.round((price * 1.2) / 10) * 10;
  const unit = Math.round(price / area);
  const tags = [...rng.sample(W.RENT_TAGS, rng.int(2, 4)), ...(shortTerm ? ['可短租'] : [])];
  // The title names the 整租/合租 kind the badge shows; short-term is said after it, as 可短租.
  const name = xq.name;
  if (shared) {
    const title = `合租·${name} ${rooms}居室-${rng.pick(['主卧', '次卧', '带阳台主卧', '独卫次卧'])}${shortTerm ? ' 可短租' : ''}`;
    titleOf = () => title;
  } else {
    const phrase = shortTerm ? null : deferredPick(rng.next());
    titleOf = (fit) => `整租·${name} ${rooms}室${halls}厅 ${phrase ? phrase(W.RENT_PHRASES.filter(fit)) : '可短租 月付'}`;
  }
  return { area, price, unit, rooms, halls, toilets, rentType, shortTerm, payType, useType: '普通住宅', titleOf, tags, format: null };
}

function commercialTerms(rng: Rng, city: CitySeed, region: Region, shop: Shop, houseType: number): ListingTerms {
  let price: number;
  let unit: number;
  let titleOf: ListingTerms['titleOf'];
  const shop2 = houseType === HOUSE_TYPES.shangpucs || houseType === HOUSE_TYPES.shangpucz;
  const sale = !isRentHouseType(houseType);
  const area = shop2 ? rng.float(20, 400, 1) : rng.float(50, 1200, 1);
  const useType = shop2 ? '商铺' : '写字楼';
  if (sale) {
    const asked = Math.round((city.avgPrice * region.factor * (shop2 ? rng.float(1.4, 2.6) : rng.float(0.8, 1.3))) / 10) * 10;
    price = Math.round((asked * area) / 1000) / 10;
    unit = Math.round((price * 10000) / area);
  } else {
    const daily = (city.avgPrice / 10000) * (shop2 ? rng.float(2, 6) : rng.float(0.8, 2));
    price = Math.round((daily * 30 * area) / 10) * 10;
    unit = Math.round(price / area);
  }
  const format = shop2 ? rng.pick(W.SHOP_FORMATS) : null;
  const tags = rng.sample(
    shop2
      ? ['临街', '人流量大', '可餐饮', '独立产权', '带租约', '层高6米']
      : ['甲级写字楼', '精装修', '近地铁', '可注册', '拎包办公', '整层出租'],
    3,
  );
  const deal = sale ? '出售' : '出租';
  if (shop2) {
    const title = `${shop.name}${rng.pick(['临街旺铺', '社区底商', '商业街铺面', '转角商铺'])} ${Math.round(area)}㎡ ${deal} 适合${format}`;
    titleOf = () => title;
  } else {
    const building = rng.pick(['商务中心', '国际大厦', '金融中心', '科技园']);
    const feature = deferredPick(rng.next());
    titleOf = (fit) => `${shop.name}${building} ${Math.round(area)}㎡ ${feature(['精装修', '带家具', '采光好'].filter(fit))}写字楼${deal}`;
  }
  return { area, price, unit, rooms: 0, halls: 0, toilets: 0, rentType: null, shortTerm: 0, payType: null, useType, titleOf, tags, format };
}

/** A listing's price changes and, for second-hand homes, the owner's note, an agent's comment and viewings. */
function seedListingHistory(
  { q, rng, count, anchor }: Seeder,
  city: CitySeed,
  l: {
    id: number;
    prefix: string;
    houseType: number;
    belongerId: number;
    price: number;
    original: number | null;
    priceChange: number;
    created: number;
  },
) {
  const { id, prefix, houseType, belongerId, price, original, priceChange, created } = l;
  // Put up at the first asking price; a change comes after it, and never after now (issue 32).
  if (priceChange) {
    q.operateLog.run(id, '调价', original, price, sqlTime(created + Math.min(7 * DAY, Math.floor((anchor - created) / 2))));
    count('operate_log');
  }
  q.operateLog.run(id, '上架', null, original ?? price, sqlTime(created));
  if (houseType === HOUSE_TYPES.ershoufang) {
    if (rng.chance(0.3)) q.ownerReadme.run(id, rng.pick(W.OWNER_READMES), sqlTime(created));
    if (rng.chance(0.5)) {
      q.listingComment.run(
        id,
        belongerId,
        `${rng.pick(['房子户型方正，', '业主诚心卖，', '小区环境好，'])}${rng.pick(['采光很好，推荐看看。', '价格有商量空间。', '适合刚需自住。'])}`,
        sqlTime(created + DAY),
      );
      count('listing_comment');
    }
    const dk = rng.int(0, 3);
    for (let k = 0; k < dk; k++) {
      q.daikan.run(
        id,
        `${city.domain.toUpperCase()}${prefix}${String(id).padStart(7, '0')}`,
        null,
        belongerId,
        null,
        `${rng.pick(W.SURNAMES)}${rng.pick(['先生', '女士'])}`,
        null,
        rng.pick(['客户对户型比较满意，考虑中。', '客户觉得价格偏高。', '二次带看，客户有意向。']),
        sqlTime(Math.min(anchor, created + rng.int(1, 60) * DAY)),
      );
      count('daikan');
    }
  }
  count('operate_log');
}

const SCHOOL_LEVELS = [
  ['小学', 5],
  ['初中', 3],
  ['高中', 1.5],
  ['幼儿园', 2],
  ['九年一贯制', 0.8],
] as const;

/** Tags that make a key school (the backend's KEY_SCHOOL_TAGS): drawn from the key flag, never at random. */
const KEY_TAGS = ['省示范', '市重点'];

/** Who a level enrols, for the enrolment rules. */
const ENROLS: Record<string, string> = {
  幼儿园: '年满3周岁（当年8月31日前出生）至6周岁的学龄前儿童',
  小学: '年满6周岁（当年8月31日前出生）的适龄儿童',
  初中: '当年小学毕业生',
  高中: '当年参加本市中考的初中毕业生',
  九年一贯制: '年满6周岁的适龄儿童（一年级）及本校小学部毕业生（七年级）',
};

/** One sentence per tag, for the introduction's second paragraph. */
const TAG_SENTENCES: Record<string, string> = {
  省示范: '学校是省级示范性学校，多年来教学质量稳居全市前列',
  市重点: '学校是市级重点学校，升学成绩连续多年位居全区第一梯队',
  一级学校: '学校被评为省一级学校，办学条件和管理水平均达到省级标准',
  寄宿: '学校实行寄宿制管理，配有标准化学生公寓和生活老师',
  双语: '学校开设双语课程，外籍教师参与口语教学',
  小班教学: '学校实行小班化教学，每班学生不超过35人',
  对口划片: '学校按区教育局划定的学区就近招生',
  艺术特色: '学校合唱团、舞蹈队多次获得省市艺术展演一等奖',
  科技特色: '学校机器人与编程社团在全国青少年科技创新大赛中屡获佳绩',
  体育特色: '学校是全国青少年校园足球特色学校，体育社团活动丰富',
};

const CAMPUSES = ['东', '南', '西', '北', '新'];
const MOTTOS = ['立德树人，全面发展', '厚德博学，求真创新', '让每个孩子都得到充分发展', '勤奋、求实、团结、进取', '以人为本，和谐发展'];
const FACILITIES = ['标准化塑胶运动场', '室内体育馆', '图书馆', '科学实验室', '录播教室', '心理咨询室', '艺术楼', '创客空间'];

/** Whether a school admits by catchment (公办, below senior high): its linked communities are its 划片 area. */
const byCatchment = (level: string, nature: string) => nature === '公办' && level !== '高中';

/**
 * The enrolment rules of a school, one a line: whom it enrols, how (catchment communities, computer lottery or exam
 * results), what documents count, and when. `rule` is the documents rule drawn for a catchment school.
 */
function enrollRules(level: string, nature: string, region: string, communities: string[], rule: string, key: boolean): string {
  const when =
    level === '高中'
      ? '报名时间：中考志愿填报期间（每年6月下旬），以市教育考试院当年公告为准。'
      : `报名时间：每年6月中旬网上报名，7月中旬公布录取结果，以${region}教育局当年公告为准。`;
  if (level === '高中') {
    return [
      `招生对象：${ENROLS[level]}。`,
      `录取方式：按中考成绩从高到低择优录取${nature === '民办' ? '，可跨区报考' : `，${region}户籍考生享受指标到校名额`}。`,
      when,
    ].join('\n');
  }
  if (nature === '民办') {
    return [
      `招生对象：${ENROLS[level]}，面向全市招生，不划片。`,
      '录取方式：网上报名，报名人数超过招生计划时由电脑随机派位录取。',
      '收费标准：按物价部门核定的标准收取学费和住宿费。',
      when,
    ].join('\n');
  }
  return [
    `招生对象：${ENROLS[level]}。`,
    `划片范围：${communities.join('、')}，共${communities.length}个小区。`,
    `入学条件：${rule}，${level === '初中' ? '学生' : '适龄儿童'}与父母（法定监护人）须实际居住在划片范围内。`,
    ...(key ? ['学位预警：本校为学位紧张学校，同一套住房6年内只享受一次学位。'] : []),
    when,
  ].join('\n');
}

function seedSchools(
  { q, rng, C, ids, count }: Seeder,
  { city, cid, regions, address }: CityPlaces,
  xiaoqus: Community[],
  loupans: Estate[],
) {
  const LEVELS = SCHOOL_LEVELS;
  const taken = new Set<string>();
  for (let i = 0; i < C.schools; i++) {
    const id = ++ids.school;
    // The school's text and flags come from a generator of its own, so the shared sequence (and every row seeded
    // after the schools) stays what it was.
    const own = new Rng(0x5c4001 + id);
    const region = regions[i % regions.length];
    const level = rng.weighted(LEVELS);
    const short = region.name.replace(/[区县市]$/, '');
    const kind =
      level === '幼儿园' ? '幼儿园' : level === '小学' ? '小学' : level === '初中' ? '中学' : level === '高中' ? '高级中学' : '学校';
    const drawn = rng.pick([
      `${city.name}市${region.name}第${cn(rng.int(1, 8))}${kind}`,
      `${city.name}市${rng.pick(W.XQ_MIDDLE)}${kind}`,
      `${short}${rng.pick(['实验', '外国语', '育才', '博才', '明德', '雅礼', '长郡', '师大附属'])}${kind}`,
      `${rng.pick(W.XQ_MIDDLE)}${rng.pick(['实验', '双语', '第一'])}${kind}`,
    ]);
    // Names are unique in a city: a second school of the same name is a campus of the first.
    let name = drawn;
    for (let n = 0; taken.has(name); n++)
      name = `${drawn}（${CAMPUSES[n % CAMPUSES.length]}${n >= CAMPUSES.length ? Math.floor(n / CAMPUSES.length) + 1 : ''}校区）`;
    taken.add(name);
    const nature = rng.chance(0.8) ? '公办' : '民办';
    const key = own.chance(level === '幼儿园' ? 0.15 : 0.3);
    const addr = address(region.name);
    const phone = `${city.areaCode}-8${rng.digits(['027', '0731', '0791'].includes(city.areaCode) ? 7 : 6)}`;
    const tags = [
      ...(key ? [level === '高中' ? '省示范' : '市重点'] : []),
      ...rng
        .sample(W.SCHOOL_TAGS, 2)
        .filter((t) => !KEY_TAGS.includes(t))
        .filter((t) => !(t === '对口划片' && !byCatchment(level, nature)))
        .filter((t) => !(t === '寄宿' && level === '幼儿园')),
    ];
    const founded = rng.int(1905, 2020);
    const standing = rng.pick(['办学历史悠久', '师资力量雄厚', '教学质量位居区内前列', '以素质教育为特色']);
    const classes = rng.int(12, 60);
    const rule = level === '高中' ? '' : rng.pick(['户籍与房产一致', '房产证满一年', '以居住证和房产证为准']);
    const drawnHot = rng.int(0, 100);
    // Key schools lead their district's ranking: their score is 70-100, the others' 0-69.
    const hot = key ? 70 + Math.floor((drawnHot * 30) / 100) : Math.floor((drawnHot * 69) / 100);
    const lat = round5(region.lat + rng.float(-0.02, 0.02, 5));
    const lng = round5(region.lng + rng.float(-0.02, 0.02, 5));
    const near = xiaoqus.filter((x) => x.regionId === region.id);
    const catchment = rng.sample(near, rng.int(3, 8));
    const estates = rng.sample(
      loupans.filter((x) => x.regionId === region.id),
      rng.int(1, 4),
    );
    const perClass = level === '幼儿园' ? 30 : level === '小学' ? 45 : 50;
    const description = [
      `${name}创办于${founded}年，是${region.name}一所${nature}${level}，${standing}。学校现有教学班${classes}个，在校学生约${classes * perClass}人，教职工${Math.round(classes * 2.6)}人，其中高级教师${own.int(12, 40)}人、省市级骨干教师${own.int(5, 20)}人。`,
      `学校秉承“${own.pick(MOTTOS)}”的办学理念。${
        tags
          .map((t) => TAG_SENTENCES[t])
          .filter(Boolean)
          .join('；') || '学校注重学生综合素质培养，开设丰富的校本课程和社团活动'
      }。`,
      `校园位于${addr}，占地约${own.int(20, 120)}亩，建有${own.sample(FACILITIES, 4).join('、')}等设施。学校周边有${catchment
        .slice(0, 3)
        .map((x) => x.name)
        .join('、')}等小区，生活配套成熟，交通便利。`,
    ].join('\n');
    q.school.run(
      id,
      cid,
      region.id,
      name,
      level,
      nature,
      addr,
      phone,
      tags.join(','),
      imageUrl('school', id),
      founded,
      description,
      enrollRules(
        level,
        nature,
        region.name,
        catchment.map((x) => x.name),
        rule,
        key,
      ),
      hot,
      lat,
      lng,
    );
    for (const x of catchment) q.schoolXiaoqu.run(id, x.id);
    for (const l of estates) q.schoolLoupan.run(id, l.id);
    q.fts.run(segmentForIndex(`${name} ${region.name} ${level}`), 'school', id, cid);
  }
  count('school', C.schools);
}

/** The city's two news accounts (xhaccount). */
function seedAccounts({ q, rng, count }: Seeder, { city, cid }: CityPlaces): number[] {
  const accountBase = (cid - 1) * 2;
  const accounts = [accountBase + 1, accountBase + 2];
  q.account.run(
    accounts[0],
    `${city.pinyin}fc`,
    `${city.name}房产头条`,
    imageUrl('avatar', accounts[0] + 10),
    `关注${city.name}楼市，每日更新新房、二手房资讯。`,
    rng.int(2000, 90000),
  );
  q.account.run(
    accounts[1],
    `${city.pinyin}yjy`,
    `${city.name}楼市研究院`,
    imageUrl('avatar', accounts[1] + 10),
    `专业解读${city.name}房价走势与购房政策。`,
    rng.int(1000, 50000),
  );
  count('xhaccount', 2);
  return accounts;
}

/** Articles with their comments. */
function seedArticles(
  { db, q, rng, C, ids, count, personName, pastTime, nick }: Seeder,
  { city, cid, regionOf }: CityPlaces,
  accounts: number[],
  loupans: Estate[],
) {
  const figures = seriesFigures(db, cid);
  for (let i = 0; i < C.articles; i++) {
    const id = ++ids.doc;
    const typeId = (i % W.INFO_TYPES.length) + 1;
    const typeName = W.INFO_TYPES[typeId - 1];
    const lp = rng.pick(loupans);
    const region = regionOf.get(lp.regionId) as Region;
    // Every draw in the order it was always made (the later steps' data stays the same); the text is written once
    // the article's date is known, since its market figures are those of the month before it (issue 32).
    const drawn = {
      city: city.name,
      region: region.name,
      loupan: lp.name,
      month: rng.int(1, 11),
      n: rng.int(3, 300),
      pct: rng.float(3, 40, 1),
      price: Math.round(city.avgPrice * rng.float(0.8, 1.3)),
      rent: Math.round(city.avgRent * rng.float(0.9, 1.1)),
      developer: rng.pick(W.DEVELOPERS),
    };
    const template = rng.pick(W.ARTICLE_TEMPLATES[typeName]);
    rng.sample(W.PARAGRAPHS, rng.int(3, 5));
    const comments = rng.int(0, 10);
    const account = rng.pick(accounts);
    const author = rng.pick(['小编', personName(), '研究院']);
    const source = rng.pick(['原创', `${city.name}日报`, '房产网']);
    const tags = rng.sample(['买房', '楼市', '政策', '房价', '新房', '二手房'], 2).join(',');
    const views = rng.int(100, 50000);
    const likes = rng.int(0, 500);
    const shares = rng.int(0, 200);
    const estate = rng.chance(0.5) ? lp.id : null;
    const created = pastTime(365);
    const vars = { ...drawn, ...figures(created, region.id) };
    const title = fill(template, vars);
    const blocks = articleBlocks(new Rng(id * 7919 + cid), typeName, vars, id + 7, lp.id);
    const summary = blocksText(blocks.slice(0, 1)).slice(0, 60);
    q.doc.run(
      id,
      cid,
      typeId,
      account,
      title,
      summary,
      JSON.stringify(blocks),
      imageUrl('article', id),
      author,
      source,
      tags,
      views,
      likes,
      shares,
      comments,
      estate,
      created,
    );
    for (let k = 0; k < comments; k++) {
      const userId = `u${rng.digits(6)}`;
      const name = nick();
      const avatar = imageUrl('avatar', rng.int(1, 24));
      const text = rng.pick(W.COMMENTS);
      const fabulous = rng.int(0, 80);
      // A comment comes after its article.
      const at = pastTime(300);
      q.comment.run(
        id,
        userId,
        name,
        avatar,
        text,
        fabulous,
        null,
        at > created ? at : sqlTime(parseSqlTime(created) + (k + 1) * 3_600_000),
      );
    }
    count('info_comment', comments);
    q.fts.run(segmentForIndex(`${title} ${summary}`), 'info', id, cid);
  }
  count('info_doc', C.articles);
}

/**
 * The market figures an article dated `created` quotes, from the series /fangjia shows (area_price, made consistent
 * with the communities' series by weighAreaPrices): the city's and its district's reference price of the month before,
 * their change on the month before that, and the city's deals. Text never names the month, so a moved calendar
 * (seed/calendar.ts) keeps it true.
 */
function seriesFigures(db: DB, cid: number) {
  const series = db.prepare('SELECT region_id AS region, month, price, deals FROM area_price WHERE city_id = ?').all(cid) as Array<{
    region: number;
    month: string;
    price: number;
    deals: number;
  }>;
  const at = new Map(series.map((r) => [`${r.region}/${r.month}`, r]));
  const months = [...new Set(series.map((r) => r.month))].sort();
  const change = (now: number, before: number | undefined) => {
    if (!before) return '持平';
    const pct = Math.round(((now - before) / before) * 1000) / 10;
    return pct > 0 ? `上涨${pct}%` : pct < 0 ? `下降${-pct}%` : '持平';
  };
  return (created: string, regionId: number) => {
    const before = (m: string) => months.filter((x) => x < m).at(-1) ?? (months[0] as string);
    const month = before(created.slice(0, 7));
    const prior = before(month);
    const city = at.get(`0/${month}`) as { price: number; deals: number };
    const district = at.get(`${regionId}/${month}`) ?? city;
    return {
      cityPrice: city.price,
      cityTrend: change(city.price, at.get(`0/${prior}`)?.price),
      regionPrice: district.price,
      regionTrend: change(district.price, at.get(`${regionId}/${prior}`)?.price ?? city.price),
      deals: city.deals,
      dealsTrend: change(city.deals, at.get(`0/${prior}`)?.deals),
    };
  };
}

/** The knowledge base: entries by stage, each a list of blocks (headings and paragraphs) rendered by React, never HTML. */
function seedBaike({ q, rng, C, ids, count, pastTime }: Seeder, { city, cid }: CityPlaces) {
  const stages = Object.keys(BAIKE_STAGES);
  // Stage by stage in turn (买房, 贷款, 交易 …, then each stage's second title), so even a small data set has every stage.
  const longest = Math.max(...stages.map((stage) => (BAIKE_STAGES[stage] as BaikeStage).titles.length));
  const titles = Array.from({ length: longest }, (_, k) =>
    stages.flatMap((stage) => {
      const t = (BAIKE_STAGES[stage] as BaikeStage).titles[k];
      return t ? [[stage, t] as const] : [];
    }),
  ).flat();
  const variants = [
    (t: string) => t,
    (t: string) => `${city.name}${t}`,
    (t: string) => `2026年${t}`,
    (t: string) => `新手必看：${t}`,
    (t: string) => `${t}？一文读懂`,
    (t: string) => `${city.name}${t}（最新版）`,
  ];
  for (let i = 0; i < C.baike; i++) {
    const id = ++ids.baike;
    const [stage, base] = titles[i % titles.length] as readonly [string, string];
    const title = (variants[Math.floor(i / titles.length) % variants.length] as (t: string) => string)(base);
    const { sections } = BAIKE_STAGES[stage] as BaikeStage;
    const vars = { title: base, city: city.name };
    const blocks: Array<{ type: 'h2' | 'p'; text: string }> = [{ type: 'p', text: fill(rng.pick(BAIKE_INTROS), vars) }];
    for (const [heading, paras] of rng.sample(sections, Math.min(5, sections.length))) {
      blocks.push({ type: 'h2', text: heading });
      for (const para of paras) blocks.push({ type: 'p', text: para });
    }
    blocks.push({ type: 'h2', text: '温馨提示' }, { type: 'p', text: fill(rng.pick(BAIKE_OUTROS), vars) });
    const first = blocks[2]?.text ?? '';
    q.baike.run(
      id,
      cid,
      stage,
      title,
      `${base}？${first.slice(0, first.indexOf('。') + 1 || 60)}`,
      JSON.stringify(blocks),
      rng.int(100, 30000),
      pastTime(700),
    );
    q.fts.run(segmentForIndex(`${title} ${stage}`), 'baike', id, cid);
  }
  count('baike', C.baike);
}

/** The glossary (词典): each term links to the city's first knowledge entry with its article's title (or of its stage). */
function seedGlossary({ db, q, count }: Seeder, { cid }: CityPlaces) {
  const byTitle = db.prepare('SELECT id FROM baike WHERE city_id = ? AND title = ? ORDER BY id LIMIT 1').pluck();
  const byStage = db.prepare('SELECT id FROM baike WHERE city_id = ? AND category = ? ORDER BY id LIMIT 1').pluck();
  for (const g of GLOSSARY) {
    const baikeId = (byTitle.get(cid, g.article) ?? byStage.get(cid, g.stage) ?? null) as number | null;
    q.glossary.run(cid, g.term, g.letter, g.definition, baikeId);
  }
  count('glossary', GLOSSARY.length);
}

/** Questions and their answers: the detail pages' common questions first, then by template; some still unanswered. */
function seedWenda(
  { q, rng, C, ids, count, nick, anchor }: Seeder,
  { city, cid, regions }: CityPlaces,
  loupans: Estate[],
  xiaoqus: Community[],
  belongers: number[],
) {
  const common = [...W.PROBLEM_ASK, ...W.RENT_PROBLEM_ASK];
  for (let i = 0; i < C.wenda; i++) {
    const id = ++ids.wenda;
    const isCommon = i < common.length;
    const [cat, tpl, facts] = isCommon
      ? ([i < W.PROBLEM_ASK.length ? '二手房' : '租房', common[i] as string, W.PROBLEM_ASK_FACTS] as const)
      : (W.WENDA_TEMPLATES[i % W.WENDA_TEMPLATES.length] as [string, string, string[]]);
    const lp = rng.pick(loupans);
    const xq = rng.pick(xiaoqus);
    const region = rng.pick(regions);
    const title = fill(tpl, {
      loupan: lp.name,
      xiaoqu: xq.name,
      region: region.name,
      city: city.name,
      n: rng.pick([50, 80, 100, 150, 200]),
    });
    // About one question in eight is still waiting for an answer (never the detail pages' common questions).
    const answers = !isCommon && rng.chance(0.12) ? 0 : rng.int(1, 4);
    const created = anchor - rng.int(1, 500) * DAY;
    q.wenda.run(
      id,
      cid,
      cat,
      cat === '楼盘' ? lp.id : null,
      cat === '小区' ? xq.id : null,
      title,
      title,
      `u${rng.digits(6)}`,
      nick(),
      rng.int(20, 8000),
      answers,
      sqlTime(created),
    );
    const said = new Set<string>();
    for (let k = 0; k < answers; k++) {
      const b = rng.chance(0.6) ? rng.pick(belongers) : null;
      const userId = b ? null : `u${rng.digits(6)}`;
      const name = b ? '置业顾问' : nick();
      // Drawn in the order they always were: the template, the fact, the fee.
      const templates = b ? W.WENDA_ANSWERS : W.WENDA_MEMBER_ANSWERS;
      const template = rng.pick(templates);
      const fact = rng.pick(facts);
      const vars = { fee: rng.float(1.5, 3.5, 1), rent: Math.round((city.avgRent * 0.8) / 100) * 100 };
      // No two answers of a question say the same words (issue 32): a repeat takes the next fact, then the next template.
      const textOf = (shift: number) =>
        fill(templates[(templates.indexOf(template) + Math.floor(shift / facts.length)) % templates.length] as string, {
          ans: fill(facts[(facts.indexOf(fact) + shift) % facts.length] as string, vars),
        });
      let shift = 0;
      while (said.has(textOf(shift)) && shift < facts.length * templates.length) shift++;
      const text = textOf(shift);
      said.add(text);
      q.answer.run(id, b, userId, name, text, rng.int(0, 60), sqlTime(created + rng.int(1, 20) * 3_600_000));
    }
    count('wenda_answer', answers);
    q.fts.run(segmentForIndex(title), 'wenda', id, cid);
  }
  count('wenda', C.wenda);
}

function seedBanners({ q, rng, count }: Seeder, { city, cid }: CityPlaces, loupans: Estate[]) {
  const positions = ['index', 'xinfang', 'ershoufang', 'zufang', 'zixun'];
  for (const pos of positions) {
    for (let k = 0; k < 3; k++) {
      const lp = rng.pick(loupans);
      q.banner.run(
        cid,
        pos,
        k === 0 ? `${city.name}${rng.pick(['金秋购房节', '安家季', '好房推荐'])}` : lp.name,
        imageUrl('banner', cid + k),
        k === 0 ? '/xinfang/' : `/xinfang/${lp.id}.html`,
        k,
      );
    }
  }
  count('banner', positions.length * 3);
}

function seedCityConfig({ q, rng, count }: Seeder, { city, cid }: CityPlaces) {
  const cfg: Record<string, unknown> = {
    zsdh: {
      tel: `${city.areaCode}-8${rng.digits(['027', '0731', '0791'].includes(city.areaCode) ? 7 : 6)}`,
      name: `${city.name}招商热线`,
    },
    zstupian: { img: imageUrl('banner', cid), link: '/jiameng/' },
    time_line_switch: { open: cid % 2 === 1 },
    problem_ask: W.PROBLEM_ASK,
    zhufang_problem_ask: W.RENT_PROBLEM_ASK,
    switchSystemConfig: {
      chat: true,
      vr: true,
      video: cid <= 3,
      daikan: true,
      overseas: cid === 1,
      coupon: true,
      webCall: city.servicePhone,
    },
  };
  for (const [k, v] of Object.entries(cfg)) q.config.run(cid, k, JSON.stringify(v));
  count('config', Object.keys(cfg).length);
}

function seedHotSearches({ q, rng, count }: Seeder, { cid, regions }: CityPlaces, loupans: Estate[], xiaoqus: Community[]) {
  const hot = (type: number, words: string[]) => {
    words.forEach((w, k) => {
      q.hot.run(cid, type, w, 1000 - k * 37 + rng.int(0, 30));
    });
  };
  hot(
    1,
    rng.sample(loupans, 10).map((l) => l.name),
  );
  hot(
    2,
    rng.sample(xiaoqus, 10).map((x) => x.name),
  );
  hot(3, [...rng.sample(xiaoqus, 6).map((x) => x.name), ...rng.sample(regions, 3).map((r) => r.name), '整租一室']);
  hot(
    4,
    rng.sample(xiaoqus, 10).map((x) => x.name),
  );
  hot(5, ['学区房', '地铁房', ...rng.sample(regions, 4).map((r) => r.name), '小户型', '满五唯一']);
  count('hot_search', 48);
}

function seedSeoLinks({ q, count }: Seeder, { cid, regions }: CityPlaces) {
  for (const r of regions) {
    for (const kind of ['ershoufang', 'zufang', 'xinfang', 'xiaoqu', 'zixun']) {
      const label = { ershoufang: '二手房', zufang: '租房', xinfang: '新房', xiaoqu: '小区', zixun: '房产资讯' }[kind];
      q.seoLink.run(cid, kind, `${r.name}${label}`, `/${kind}/${kind === 'zixun' ? '' : `r${r.id}/`}`);
      count('seo_link');
    }
  }
}

/** The city picker's other cities: a city row each, after the served ones (issue 14). */
function seedPickerCities({ q, count }: Seeder) {
  PICKER_CITIES.forEach((c, i) => {
    const id = CITIES.length + i + 1;
    q.city.run(id, c.name, `${c.name}市`, c.domain, c.pinyin, c.province, `400-888-${c.areaCode.padStart(4, '0')}`, c.lat, c.lng, id, 0);
  });
  count('city', PICKER_CITIES.length);
}

function seedOverseas({ q, rng, C, count, pastTime }: Seeder) {
  for (let i = 0; i < C.overseas; i++) {
    const m = OVERSEAS[i % OVERSEAS.length];
    const area = rng.float(35, 260, 1);
    const total = Math.round((m.ppsm * area * rng.float(0.75, 1.3)) / 1000) / 10;
    const rooms = area < 50 ? 1 : area < 90 ? 2 : area < 150 ? 3 : 4;
    const type = rng.pick(['公寓', '别墅', '联排别墅', '酒店式公寓']);
    const local = Math.round((total * 10000) / m.rate / 1000) * 1000;
    // Drawn in the order the row lists them (the random sequence stays as it was).
    const title = `${m.country}${m.city}${rng.pick(['市中心', '海景', '学区', '地铁旁', '湖景'])}${type} ${rooms}居 ${Math.round(area)}㎡`;
    const freehold = rng.chance(0.7);
    // A leasehold home is never tagged 永久产权 (issue 32).
    const tags = rng
      .sample(['永久产权', '拎包入住', '包租回报', '近名校', '海景', '现房', '可贷款', '低首付'], 3)
      .filter((tag) => freehold || tag !== '永久产权');
    q.overseas.run(
      i + 1,
      m.country,
      m.city,
      title,
      total,
      `${local.toLocaleString('en-US')} ${m.currency}`,
      area,
      rooms,
      type,
      freehold ? 1 : 0,
      imageUrl('overseas', i + 1),
      tags.join(','),
      `位于${m.country}${m.city}${rng.pick(['核心区', '新兴区', '海滨区'])}，${type}，${rooms}居室，建筑面积约${Math.round(area)}㎡。${rng.pick(['租金回报率约5%。', '周边名校环绕。', '步行可达地铁站。'])}`,
      pastTime(300),
    );
  }
  count('overseas', C.overseas);
}

/**
 * Housing topics (issue 15 part C): per city, curated groups of articles, questions and listings, picked by SQL from
 * what the city's earlier steps wrote. It draws nothing from the random sequence, so every earlier table (of every
 * city) keeps its values; the picks are ordered by view count and id, so one seed gives one set of topics.
 */
const TOPICS: ReadonlyArray<{
  title: string;
  intro: string;
  docs: string;
  listings?: string;
  loupans?: string;
}> = [
  {
    title: '{city}学区房专题',
    intro: '孩子上学是很多家庭买房的第一考量。本专题精选{city}名校周边在售二手房，并汇总学区划片、入学政策与购房攻略，帮您算清学区房的账。',
    docs: "(d.title LIKE '%学区%' OR t.name = '购房指南')",
    listings: `l.house_type = ${HOUSE_TYPES.ershoufang} AND l.xiaoqu_id IN (SELECT xiaoqu_id FROM school_xiaoqu)`,
  },
  {
    title: '{city}地铁房精选',
    intro: '出门即地铁，通勤更从容。本专题汇总{city}地铁沿线的热门在售房源与行情解读，看看哪条线路的房子最受关注。',
    docs: "t.name = '市场行情'",
    listings: `l.house_type = ${HOUSE_TYPES.ershoufang} AND l.station_id IS NOT NULL`,
  },
  {
    title: '{city}刚需上车指南',
    intro: '预算有限也能安家。本专题精选{city}总价100万以内的在售二手房，附首套房贷款、公积金与购房流程指南，帮刚需买家少走弯路。',
    docs: "(t.name = '购房指南' OR t.name = '政策解读')",
    listings: `l.house_type = ${HOUSE_TYPES.ershoufang} AND l.price <= 100`,
  },
  {
    title: '{city}改善换房专题',
    intro: '三房起步、面积110㎡以上的大户型，适合二孩家庭和改善换房。本专题汇总{city}热门改善房源与楼市动态，换房前先看看。',
    docs: "t.name = '楼市动态'",
    listings: `l.house_type = ${HOUSE_TYPES.ershoufang} AND l.rooms >= 3 AND l.area >= 110`,
  },
  {
    title: '{city}新房热盘推荐',
    intro: '{city}近期关注度最高的新楼盘都在这里：在售、待售楼盘一览，附开盘动态与土地市场解读，买新房先看热盘。',
    docs: "(t.name = '楼市动态' OR t.name = '土地市场')",
    loupans: "l.sale_status <> '售完'",
  },
  {
    title: '{city}购房政策解读',
    intro: '限购、贷款、公积金、契税补贴，政策一变，买房成本就变。本专题汇总{city}最新购房政策解读与常见问答，一文看懂。',
    docs: "t.name = '政策解读'",
  },
];

/** How many of each kind a topic holds. */
const TOPIC_SIZES = { doc: 4, wenda: 3, listing: 6, loupan: 6 } as const;

function seedTopics({ db, count }: Seeder, { city, cid }: CityPlaces) {
  const topic = db.prepare('INSERT INTO topic (city_id, title, intro, cover, sort) VALUES (?,?,?,?,?)');
  const item = db.prepare('INSERT OR IGNORE INTO topic_item (topic_id, kind, ref_id, sort) VALUES (?,?,?,?)');
  const ids = (sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .all(...args) as number[];
  let items = 0;
  TOPICS.forEach((def, i) => {
    const fill = (text: string) => text.replaceAll('{city}', city.name);
    const topicId = Number(topic.run(cid, fill(def.title), fill(def.intro), imageUrl('banner', cid + i), i + 1).lastInsertRowid);
    const picks: Array<[string, number[]]> = [
      [
        'doc',
        ids(
          `SELECT d.id FROM info_doc d JOIN info_type t ON t.id = d.type_id WHERE d.city_id = ? AND ${def.docs}
           ORDER BY d.view_num DESC, d.id LIMIT ?`,
          cid,
          TOPIC_SIZES.doc,
        ),
      ],
      // Questions: the city's most read, a different slice for each topic.
      ['wenda', ids('SELECT id FROM wenda WHERE city_id = ? ORDER BY view_num DESC, id LIMIT ? OFFSET ?', cid, TOPIC_SIZES.wenda, i * 2)],
      ...(def.listings
        ? ([
            [
              'listing',
              ids(
                `SELECT l.id FROM listing l WHERE l.city_id = ? AND l.status = 1 AND ${def.listings} ORDER BY l.view_num DESC, l.id LIMIT ?`,
                cid,
                TOPIC_SIZES.listing,
              ),
            ],
          ] as Array<[string, number[]]>)
        : []),
      ...(def.loupans
        ? ([
            [
              'loupan',
              ids(
                `SELECT l.id FROM loupan l WHERE l.city_id = ? AND ${def.loupans} ORDER BY l.view_num DESC, l.id LIMIT ?`,
                cid,
                TOPIC_SIZES.loupan,
              ),
            ],
          ] as Array<[string, number[]]>)
        : []),
    ];
    for (const [kind, refs] of picks) {
      refs.forEach((ref, n) => {
        item.run(topicId, kind, ref, n + 1);
      });
      items += refs.length;
    }
  });
  count('topic', TOPICS.length);
  count('topic_item', items);
}
