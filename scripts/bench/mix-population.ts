import path from 'node:path';
import Database from '../../src/backend/sqlite-driver.ts';

/** One URL of the mix: the path and the host that selects its city (SPEC 2: the city comes from the host name). */
export interface MixUrl {
  path: string;
  host: string;
  kind: string;
}

/** The two cities of the mix and their hosts on loopback: city 1 is the mobile host itself, city 2 its `wh.` twin. */
const CITIES: Array<{ id: number; host: string }> = [
  { id: 1, host: 'localhost' },
  { id: 2, host: 'wh.localhost' },
];
/** Share of the population that names ids the data does not have (the 404 screen). */
const UNKNOWN_SHARE = 0.05;
const LIST_LINK = /href="(\/(?:ershoufang|zufang|xinfang)\/[a-z0-9]+\/)"/g;

/** A small deterministic generator (mulberry32): the same population and order on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The list pages' own filter links (region, price, rooms), as a visitor reaches them: only URLs the site makes. */
async function filteredLists(base: string, host: string): Promise<string[]> {
  const out = new Set<string>();
  for (const list of ['/ershoufang/', '/zufang/', '/xinfang/']) {
    out.add(list);
    const html = await (await fetch(`${base}${list}`, { headers: { host } })).text();
    for (const m of html.matchAll(LIST_LINK)) out.add(m[1]);
  }
  return [...out];
}

/**
 * The fixed URL population of `npm run bench:mix` (issue 35 part 2), drawn from the seeded database: every
 * second-hand, rental, new-home and community detail of two cities, the list pages and their filter links, every
 * article and question, the price pages of the city, its districts, shop areas and communities; then 5 % unknown ids.
 * Shuffled with a fixed seed, so rank r (the Zipf popularity) is the same URL on every run.
 */
export async function mixPopulation(dataDir: string, base: string): Promise<MixUrl[]> {
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  const ids = (sql: string, cityId: number) => db.prepare(sql).pluck().all(cityId) as number[];
  const urls: MixUrl[] = [];
  try {
    for (const { id: city, host } of CITIES) {
      const add = (kind: string, paths: string[]) => {
        for (const p of paths) urls.push({ path: p, host, kind });
      };
      add(
        'ershoufang',
        ids('SELECT id FROM listing WHERE city_id = ? AND house_type = 11 AND status = 1', city).map((i) => `/ershoufang/${i}.html`),
      );
      add(
        'zufang',
        ids('SELECT id FROM listing WHERE city_id = ? AND house_type = 12 AND status = 1', city).map((i) => `/zufang/${i}.html`),
      );
      add(
        'xinfang',
        ids('SELECT id FROM loupan WHERE city_id = ?', city).map((i) => `/xinfang/${i}.html`),
      );
      add(
        'xiaoqu',
        ids('SELECT id FROM xiaoqu WHERE city_id = ?', city).map((i) => `/xiaoqu/${i}.html`),
      );
      add('list', await filteredLists(base, host));
      add(
        'zixun',
        ids('SELECT id FROM info_doc WHERE city_id = ?', city).map((i) => `/zixun/${i}.html`),
      );
      add(
        'wenda',
        ids('SELECT id FROM wenda WHERE city_id = ?', city).map((i) => `/wenda/${i}.html`),
      );
      add('fangjia', [
        '/fangjia',
        ...ids('SELECT id FROM region WHERE city_id = ?', city).map((i) => `/fangjia/quyu${i}/`),
        ...ids('SELECT id FROM shop_map WHERE city_id = ?', city).map((i) => `/fangjia/shangquan${i}/`),
        ...ids('SELECT id FROM xiaoqu WHERE city_id = ?', city).map((i) => `/fangjia/xiaoqu${i}/`),
      ]);
    }
  } finally {
    db.close();
  }
  const known = urls.length;
  const unknown = Math.round((known * UNKNOWN_SHARE) / (1 - UNKNOWN_SHARE));
  const kinds = ['ershoufang', 'zufang', 'xinfang', 'xiaoqu'];
  for (let i = 0; i < unknown; i++) {
    const kind = kinds[i % kinds.length];
    urls.push({ path: `/${kind}/${90_000_000 + i}.html`, host: CITIES[i % CITIES.length].host, kind: 'unknown' });
  }
  const random = seededRandom(35);
  for (let i = urls.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [urls[i], urls[j]] = [urls[j], urls[i]];
  }
  return urls;
}

/**
 * Zipf popularity over ranks 1..n with exponent s: rank r is asked with probability proportional to 1 / r^s. Returns
 * a sampler of 0-based indexes (binary search over the cumulative weights).
 */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let r = 1; r <= n; r++) {
    total += 1 / r ** s;
    cumulative[r - 1] = total;
  }
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
