import type { Database as DB } from 'better-sqlite3';
import { HOUSE_TYPES } from '../../lib/listing-kinds.ts';
import { parseSqlTime, sqlTime } from '../time.ts';
import { calendarAnchor, markSeeded } from './calendar.ts';
import type { CitySeed } from './cities.ts';
import { Rng } from './rng.ts';
import { ORIENTATIONS } from './words.ts';

const DAY = 86_400_000;
/** How far back the recent deals go. */
const DEAL_DAYS = 180;
const FLOORS = ['低楼层', '中楼层', '高楼层'] as const;

/** The housing authority of a city that issues listing verification codes (房源核验码). */
export const authorityOf = (city: Pick<CitySeed, 'cname'>) => `${city.cname}住房和城乡建设局`;

/** Administrative code prefix of each seeded city (the first digits of its verification codes). */
const CITY_CODES: Readonly<Record<string, string>> = {
  长沙: '4301',
  武汉: '4201',
  南昌: '3601',
  株洲: '4302',
  湘潭: '4303',
  岳阳: '4306',
};

const day = (ms: number) => sqlTime(ms).slice(0, 10);

/**
 * The in-app pages' data of one city (issue 19), after every other step of the city: recent deals (成交) of its
 * communities, second-hand sales and rentals, priced from the community's average price and the city's rent level,
 * each closed by a store of the community's district; and the housing authority's verification code of every listing
 * (房源核验码: issued when the listing went up, valid a year, 核验中 for the newest). Its own random sequence, seeded from
 * the seed number and the city, so no row seeded before changes. Returns the rows written.
 */
export function seedAppH5(db: DB, city: CitySeed, seed: number, anchor: number): { deal: number; listing_verify: number } {
  const rng = new Rng((seed ^ Math.imul(city.id + 104_729, 0x27d4eb2d)) >>> 0);
  const xiaoqus = db
    .prepare('SELECT id, region_id, avg_price, build_year FROM xiaoqu WHERE city_id = ? ORDER BY id')
    .all(city.id) as Array<{ id: number; region_id: number; avg_price: number; build_year: number }>;
  const stores = db.prepare('SELECT id, region_id FROM store WHERE city_id = ? ORDER BY id').all(city.id) as Array<{
    id: number;
    region_id: number;
  }>;
  const insertDeal = db.prepare(
    `INSERT INTO deal (city_id, region_id, xiaoqu_id, store_id, house_type, rooms, halls, area, floor, orientation, price,
     unit_price, list_price, days, deal_date) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  let deals = 0;
  for (const x of xiaoqus) {
    const local = stores.filter((s) => s.region_id === x.region_id);
    const storeOf = () => (local.length ? rng.pick(local).id : stores.length ? rng.pick(stores).id : null);
    const sales = rng.int(1, 6);
    const rents = rng.int(0, 3);
    for (let i = 0; i < sales + rents; i++) {
      const sale = i < sales;
      const rooms = rng.int(1, 4);
      const area = Math.round((28 + rooms * rng.int(22, 34) + rng.next() * 10) * 10) / 10;
      const when = anchor - rng.int(1, DEAL_DAYS) * DAY;
      let price: number;
      let unit: number | null;
      let list: number;
      if (sale) {
        unit = Math.round((x.avg_price * (0.88 + rng.next() * 0.18)) / 10) * 10;
        price = Math.round((unit * area) / 1000) / 10;
        unit = Math.round((price * 10000) / area);
        list = Math.round(price * (1.01 + rng.next() * 0.1) * 10) / 10;
      } else {
        const perSqm = (city.avgRent / 90) * (x.avg_price / city.avgPrice) * (0.85 + rng.next() * 0.3);
        price = Math.max(500, Math.round((perSqm * area) / 50) * 50);
        unit = null;
        list = price + rng.int(0, 4) * 100;
      }
      insertDeal.run(
        city.id,
        x.region_id,
        x.id,
        storeOf(),
        sale ? HOUSE_TYPES.ershoufang : HOUSE_TYPES.zufang,
        rooms,
        rng.int(1, 2),
        area,
        `${rng.pick(FLOORS)}/共${rng.int(6, 33)}层`,
        rng.pick(ORIENTATIONS),
        price,
        unit,
        list,
        sale ? rng.int(9, 150) : rng.int(2, 30),
        day(when),
      );
      deals++;
    }
  }

  const listings = db.prepare('SELECT id, created_at FROM listing WHERE city_id = ? ORDER BY id').all(city.id) as Array<{
    id: number;
    created_at: string;
  }>;
  const insertVerify = db.prepare(
    'INSERT INTO listing_verify (listing_id, code, status, authority, issued_at, expires_at) VALUES (?,?,?,?,?,?)',
  );
  const prefix = CITY_CODES[city.name] ?? String(4300 + city.id).padStart(4, '0');
  const used = new Set<string>();
  for (const l of listings) {
    const issued = parseSqlTime(l.created_at);
    const ageDays = (anchor - issued) / DAY;
    let code = '';
    do code = `${prefix}${day(issued).slice(0, 4)}${rng.digits(8)}`;
    while (used.has(code));
    used.add(code);
    // A listing put up in the last three days may still be under review; every other one was verified.
    const status = ageDays < 3 && rng.chance(0.5) ? '核验中' : '已核验';
    insertVerify.run(l.id, code, status, authorityOf(city), day(issued), day(issued + 365 * DAY));
  }
  return { deal: deals, listing_verify: listings.length };
}

/** An older database (seeded before migration 20) gets the data of this step for every city it has. */
export function ensureAppH5Data(db: DB, cities: CitySeed[], seed: number): number {
  const have = db.prepare('SELECT COUNT(*) FROM deal').pluck().get() as number;
  const any = db.prepare('SELECT COUNT(*) FROM city').pluck().get() as number;
  if (have > 0 || any === 0) return 0;
  let written = 0;
  db.transaction(() => {
    for (const city of cities) {
      if (!db.prepare('SELECT 1 FROM city WHERE id = ?').get(city.id)) continue;
      const n = seedAppH5(db, city, seed, calendarAnchor(db));
      written += n.deal + n.listing_verify;
    }
    markSeeded(db, ['deal', 'listing_verify']);
  })();
  return written;
}
