import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { openDb } from '../../src/backend/db.ts';
import { seedDatabase } from '../../src/backend/seed/index.ts';
import { startTestBackend } from '../helpers/backend.ts';

/**
 * Issue 11 point 7: the demo data must not contradict itself. Each attribute is drawn once and the title, tags, badges
 * and lists that show it must agree with it. This scans a freshly seeded full-scale database, one check per kind of
 * contradiction a visitor noticed, and reports the first offenders of each.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'fangchan-coherence-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const db = openDb(dir);
seedDatabase(db, { scale: 1 });
t.teardown(() => db.close());

type Row = Record<string, unknown> & { id: number; title: string; tags: string };
const rows = (sql: string) => db.prepare(sql).all() as Row[];
const tagsOf = (r: { tags: string }) => (r.tags ? r.tags.split(',') : []);
/** Fails with the number of offenders and a few of them to read. */
function none(t: Test, offenders: Row[], what: string, show: (r: Row) => string) {
  t.equal(
    offenders.length,
    0,
    `${what}${offenders.length ? `: ${offenders.length}, e.g. ${offenders.slice(0, 3).map(show).join(' | ')}` : ''}`,
  );
}

const DECORATION_WORDS: Array<[RegExp, string]> = [
  [/精装/, '精装'],
  [/简装/, '简装'],
  [/毛坯/, '毛坯'],
  [/豪装/, '豪装'],
];
/** The decorations a text names ("精装修" names 精装). */
const decorationsNamed = (text: string) => DECORATION_WORDS.filter(([re]) => re.test(text)).map(([, d]) => d);

const listings = rows(
  'SELECT id, house_type, title, tags, decoration, rent_type, short_term, pay_type, elevator, station_id, build_year FROM listing',
);
const loupans = rows('SELECT id, name AS title, tags, decoration, sale_status FROM loupan');

t.test('decoration words in titles and tags agree with the decoration field', async (t) => {
  none(
    t,
    listings.filter((l) => decorationsNamed(`${l.title} ${l.tags}`).some((d) => d !== l.decoration)),
    'listings naming another decoration',
    (l) => `#${l.id} ${l.decoration}: ${l.title} [${l.tags}]`,
  );
  none(
    t,
    listings.filter((l) => l.decoration === '毛坯' && /拎包入住|家电齐全|带家具/.test(`${l.title} ${l.tags}`)),
    'bare-shell listings that are ready to move in',
    (l) => `#${l.id}: ${l.title} [${l.tags}]`,
  );
  none(
    t,
    loupans.filter((l) => tagsOf(l).includes('精装交付') && !['精装', '豪装'].includes(l.decoration as string)),
    'estates tagged 精装交付 that are not delivered fitted',
    (l) => `#${l.id} ${l.decoration} [${l.tags}]`,
  );
});

t.test('sale status agrees with tags, floor plans and news (SPEC 4 sale status mapping)', async (t) => {
  none(
    t,
    loupans.filter((l) => tagsOf(l).includes('现房') && l.sale_status !== '现房'),
    'estates tagged 现房 with another status',
    (l) => `#${l.id} ${l.sale_status} [${l.tags}]`,
  );
  none(
    t,
    rows(`SELECT h.id, h.status AS title, l.sale_status AS tags FROM huxing h JOIN loupan l ON l.id = h.loupan_id
      WHERE (l.sale_status = '售完') <> (h.status = '售完') OR (l.sale_status = '待售' AND h.status = '在售')`),
    'floor plans whose status contradicts their estate',
    (h) => `huxing #${h.id} ${h.title} in a ${h.tags} estate`,
  );
  none(
    t,
    rows(`SELECT d.id, d.title, l.sale_status AS tags FROM dongtai d JOIN loupan l ON l.id = d.loupan_id
      WHERE l.sale_status = '售完' AND d.kind IN ('开盘', '优惠')`),
    'sold-out estates announcing new sales',
    (d) => `dongtai #${d.id} ${d.title}`,
  );
});

t.test('rental type, short-term and badges agree', async (t) => {
  const rentals = listings.filter((l) => l.house_type === 12);
  none(
    t,
    rentals.filter((l) => !l.title.startsWith(`${l.rent_type}·`)),
    'rentals whose title names another kind than their 整租/合租 badge',
    (l) => `#${l.id} ${l.rent_type}: ${l.title}`,
  );
  none(
    t,
    rentals.filter((l) => /短租/.test(l.title) !== (l.short_term === 1) && !/可短租/.test(l.title)),
    'rentals whose title and short-term flag disagree',
    (l) => `#${l.id} short=${l.short_term}: ${l.title}`,
  );
  none(
    t,
    rentals.filter((l) => tagsOf(l).includes('可短租') !== (l.short_term === 1)),
    'rentals whose 可短租 tag and short-term flag disagree',
    (l) => `#${l.id} short=${l.short_term} [${l.tags}]`,
  );
  none(
    t,
    rentals.filter((l) => /押一付一/.test(`${l.title} ${l.tags}`) && l.pay_type !== '押一付一'),
    'rentals advertising 押一付一 with another payment',
    (l) => `#${l.id} ${l.pay_type}: ${l.title} [${l.tags}]`,
  );
});

t.test('second-hand and commercial tags agree with the building and the deal', async (t) => {
  const has = (l: Row, tag: string) => tagsOf(l).includes(tag) || l.title.includes(tag);
  none(
    t,
    listings.filter((l) => has(l, '电梯') && !l.elevator),
    '电梯 without a lift',
    (l) => `#${l.id}: ${l.title} [${l.tags}]`,
  );
  none(
    t,
    listings.filter((l) => has(l, '近地铁') && l.station_id === null),
    '近地铁 without a station',
    (l) => `#${l.id}: ${l.title} [${l.tags}]`,
  );
  none(
    t,
    listings.filter((l) => has(l, '次新房') && (l.build_year as number) < 2015),
    '次新房 in an old building',
    (l) => `#${l.id} ${l.build_year}: ${l.title} [${l.tags}]`,
  );
  none(
    t,
    listings.filter((l) => tagsOf(l).includes('满五唯一') && tagsOf(l).includes('满二')),
    '满五唯一 and 满二 at once',
    (l) => `#${l.id} [${l.tags}]`,
  );
  const forSale = (l: Row) => l.house_type === 13 || l.house_type === 15;
  none(
    t,
    listings.filter((l) => (l.house_type as number) >= 13 && (forSale(l) ? /出租/ : /出售/).test(`${l.title} ${l.tags}`)),
    'commercial listings offering the other deal',
    (l) => `#${l.id} type ${l.house_type}: ${l.title} [${l.tags}]`,
  );
});

t.test('hot and recommended new-home lists leave out sold-out estates', async (t) => {
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const soldOut = async (apiPath: string) => {
    const res = await fetch(`${backend.url}${apiPath}`);
    const body = (await res.json()) as { obj: Array<{ houseId: number; name: string; saleStatus: string }> };
    t.equal(res.status, 200, apiPath);
    t.ok(body.obj.length > 0, `${apiPath} lists estates`);
    return body.obj.filter((l) => l.saleStatus === '售完').map((l) => `#${l.houseId} ${l.name}`);
  };
  for (const city of [1, 2]) {
    for (const apiPath of [
      `/api/house/findWapHotLoupan?cityId=${city}&limit=100`,
      `/api/house/findWapHotLoupan?cityId=${city}&limit=100&orderBy=viewNum`,
      `/api/house/findHotLoupan?cityId=${city}&limit=100`,
      `/api/house/getLouPanByRecommend/${city}/100`,
      `/api/house/getHousebyLocation/${city}`,
    ])
      t.same(await soldOut(apiPath), [], `no sold-out estate in ${apiPath}`);
  }
});
