/**
 * One number for one thing (issue 32): a crawl of the full demo data set, through the gateway answers the pages are
 * built from, that fails on any fact shown two ways. Every listing, estate, floor plan, agent, district, question and
 * overseas home of every city is checked; the counts of what was checked are printed for the issue's note.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { openDb } from '../../src/backend/db.ts';
import { seedDatabase } from '../../src/backend/seed/index.ts';
import { sqlTime } from '../../src/backend/time.ts';
import { planStatusLabel } from '../../src/lib/sale-status.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'fangchan-one-number-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const now = Date.now();
{
  const seeding = openDb(dir);
  seedDatabase(seeding, { scale: 1, now: () => now });
  seeding.close();
}
const gateway = await buildBackend({ dataDir: dir, now: () => now });
t.teardown(() => gateway.close());
const db = openDb(dir);
t.teardown(() => db.close());

type Row = Record<string, unknown> & { id: number };
const rows = <T = Row>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];
const get = async (url: string) => (await gateway.inject({ url })).json().obj;
const cities = rows<{ id: number; name: string }>('SELECT id, name FROM city WHERE id IN (SELECT DISTINCT city_id FROM listing)');

/** Fails with the number of contradictions and the first few to read; says how many things were checked. */
function none(t: Test, checked: number, offenders: string[], what: string) {
  t.ok(checked > 0, `${what}: something to check`);
  t.equal(
    offenders.length,
    0,
    `${what}: ${checked} checked${offenders.length ? `, ${offenders.length} wrong, e.g. ${offenders.slice(0, 3).join(' | ')}` : ''}`,
  );
}

t.test('a district has one average: the map’s bubble is the price-trend page’s figure', async (t) => {
  const bad: string[] = [];
  let checked = 0;
  for (const c of cities) {
    const trend = (await get(`/api/housePrice/area/city/${c.id}`)) as Array<{ regionId: number; regionName: string; avgPrice: number }>;
    const map = (await get(`/api/house/getHousebyLocation/region?cityId=${c.id}&kind=ershoufang`)).items as Array<{
      id: number;
      avgPrice: number;
    }>;
    for (const d of trend) {
      const bubble = map.find((b) => b.id === d.regionId);
      if (!bubble) continue;
      checked++;
      if (bubble.avgPrice !== d.avgPrice) bad.push(`${c.name}${d.regionName} /ditu ${bubble.avgPrice} /fangjia ${d.avgPrice}`);
    }
  }
  none(t, checked, bad, 'district averages');
});

t.test('an agent has one rating and one viewing count on every page', async (t) => {
  const bad: string[] = [];
  const agents = rows<{ id: number; name: string }>('SELECT id, name FROM belonger WHERE iskefu = 0');
  const reviews = new Map(
    rows<{ id: number; avg: number | null; n: number }>(
      'SELECT belonger_id AS id, ROUND(AVG(score), 1) AS avg, COUNT(*) AS n FROM dianping WHERE belonger_id IS NOT NULL GROUP BY belonger_id',
    ).map((r) => [r.id, r]),
  );
  const viewings = new Map(
    rows<{ id: number; n: number }>('SELECT belonger_id AS id, COUNT(*) AS n FROM daikan GROUP BY belonger_id').map((r) => [r.id, r.n]),
  );
  for (const a of agents) {
    const card = (await get(`/api/belonger/find/${a.id}`)) as { score: number; daikanCount: number };
    const r = reviews.get(a.id);
    // The card (details, lists) and the broker page (the reviews' average, 暂无 without one) show the same rating.
    if ((r?.avg ?? 0) !== card.score) bad.push(`agent ${a.id}: card ${card.score}, reviews ${r?.avg ?? '暂无'} (${r?.n ?? 0}条)`);
    if ((viewings.get(a.id) ?? 0) !== card.daikanCount)
      bad.push(`agent ${a.id}: 带看 ${card.daikanCount}次, records ${viewings.get(a.id) ?? 0}`);
  }
  none(t, agents.length, bad, 'agent ratings and viewings');
  const sample = agents.slice(0, 20);
  for (const a of sample) {
    const page = (await get(`/api/daikan/findlistbybelongerId/${a.id}?size=5`)) as { totalElements: number };
    t.equal(
      page.totalElements,
      ((await get(`/api/belonger/find/${a.id}`)) as { daikanCount: number }).daikanCount,
      `agent ${a.id}: 带看记录 共N次 is 带看N次`,
    );
  }
});

t.test('a listing’s price history tells one story: put up at the first price, each change from the price before', async (t) => {
  const bad: string[] = [];
  const logs = rows<{ listing: number; kind: string; old: number | null; new: number; at: string; price: number; created: string }>(
    `SELECT o.listing_id AS listing, o.kind, o.old_price AS old, o.new_price AS new, o.created_at AS at, l.price, l.created_at AS created
     FROM operate_log o JOIN listing l ON l.id = o.listing_id ORDER BY o.listing_id, o.created_at, o.id`,
  );
  const byListing = new Map<number, typeof logs>();
  for (const l of logs) byListing.set(l.listing, [...(byListing.get(l.listing) ?? []), l]);
  for (const [id, history] of byListing) {
    const [first] = history;
    if (first?.kind !== '上架') bad.push(`listing ${id}: history starts with ${first?.kind}`);
    let asking = first?.new;
    for (const step of history.slice(1)) {
      if (step.old !== asking) bad.push(`listing ${id}: ${step.at} 调价 ${step.old} → ${step.new} after asking ${asking}`);
      asking = step.new;
    }
    const last = history.at(-1);
    if (last && asking !== last.price) bad.push(`listing ${id}: ends at ${asking}, listed at ${last.price}`);
    if (history.some((s) => s.at > sqlTime(now))) bad.push(`listing ${id}: a change in the future`);
  }
  none(t, byListing.size, bad, 'price histories');
});

t.test('an estate’s headline price lies within its own per-type prices; its status agrees with its opening date', async (t) => {
  const bad: string[] = [];
  const estates = rows<{ id: number; name: string; avg: number; status: string; open: string; min: number; max: number }>(
    `SELECT l.id, l.name, l.avg_price AS avg, l.sale_status AS status, l.open_date AS open, MIN(p.price) AS min, MAX(p.price) AS max
     FROM loupan l JOIN loupan_price p ON p.loupan_id = l.id GROUP BY l.id`,
  );
  const today = sqlTime(now).slice(0, 10);
  for (const e of estates) {
    if (e.avg < e.min || e.avg > e.max) bad.push(`/xinfang/${e.id}.html 参考均价 ${e.avg} outside ${e.min}–${e.max}`);
    if (e.status === '待售' && e.open <= today) bad.push(`/xinfang/${e.id}.html 待售 opened ${e.open}`);
    if (e.status !== '待售' && e.open > today) bad.push(`/xinfang/${e.id}.html ${e.status} opens ${e.open}`);
  }
  none(t, estates.length, bad, 'estate prices and statuses');
  const plans = rows<{ status: string }>('SELECT DISTINCT status FROM huxing').map((p) => planStatusLabel(p.status));
  t.notOk(plans.includes('售完'), `floor plans are shown as ${plans.join(', ')}: 售完 reads 售罄 (SPEC 4)`);
});

t.test('a presale permit names its issue year, comes before the opening and before today; the land term fits the use', async (t) => {
  const bad: string[] = [];
  const permits = rows<{ loupan: number; no: string; issued: string; open: string }>(
    'SELECT y.loupan_id AS loupan, y.permit_no AS no, y.issue_date AS issued, l.open_date AS open FROM yushou y JOIN loupan l ON l.id = y.loupan_id',
  );
  for (const p of permits) {
    if (!p.no.includes(`(${p.issued.slice(0, 4)})`)) bad.push(`/xinfang/${p.loupan}.html ${p.no} issued ${p.issued}`);
    if (p.issued > sqlTime(now).slice(0, 10) || p.issued > p.open)
      bad.push(`/xinfang/${p.loupan}.html permit ${p.issued}, opening ${p.open}`);
  }
  none(t, permits.length, bad, 'presale permits');
  const terms: string[] = [];
  const estates = rows<{ id: number; codes: string; term: number }>('SELECT id, type_codes AS codes, term_years AS term FROM loupan');
  for (const e of estates) {
    const codes = e.codes.split(',').map(Number);
    const want = codes.some((c) => c <= 3) ? 70 : codes.some((c) => c === 5 || c === 6) ? 40 : 50;
    if (e.term !== want) terms.push(`/xinfang/${e.id}.html types ${e.codes}: ${e.term}年`);
  }
  none(t, estates.length, terms, 'land terms (residential 70, offices and shops 40, the rest 50)');
});

t.test('tags agree with the facts: 南北通透 faces 南北, 永久产权 is freehold, 次新房 is of the last five years', async (t) => {
  const bad: string[] = [];
  const listings = rows<{ id: number; tags: string; title: string; orientation: string; year: number; type: number }>(
    'SELECT id, tags, title, orientation, build_year AS year, house_type AS type FROM listing',
  );
  const thisYear = new Date(now + 8 * 3_600_000).getUTCFullYear();
  for (const l of listings) {
    const words = `${l.tags} ${l.title}`;
    if (words.includes('南北通透') && l.orientation !== '南北') bad.push(`listing ${l.id} 南北通透 facing ${l.orientation}`);
    if (words.includes('次新房') && l.year < thisYear - 6) bad.push(`listing ${l.id} 次新房 built ${l.year}`);
  }
  const plans = rows<{ id: number; tags: string; description: string; orientation: string }>(
    'SELECT id, tags, description, orientation FROM huxing',
  );
  for (const p of plans) {
    if (`${p.tags} ${p.description}`.includes('南北通透') && p.orientation !== '南北')
      bad.push(`floor plan ${p.id} 南北通透 facing ${p.orientation}`);
  }
  const notes = rows<{ id: number; items: string }>('SELECT id, items FROM activity');
  const facing = new Map(listings.map((l) => [l.id, l.orientation]));
  let itemCount = 0;
  for (const a of notes) {
    for (const it of JSON.parse(a.items) as Array<{ type: string; id: number; note: string }>) {
      itemCount++;
      if (it.type === 'listing' && it.note.includes('南北通透') && facing.get(it.id) !== '南北')
        bad.push(`activity ${a.id}: listing ${it.id} 南北通透`);
    }
  }
  for (const p of rows<{ id: number; slogan: string }>("SELECT target_id AS id, slogan FROM promotion WHERE target_type = 'listing'")) {
    if (p.slogan.includes('南北通透') && facing.get(p.id) !== '南北') bad.push(`promotion of listing ${p.id}: 南北通透`);
  }
  const overseas = rows<{ id: number; tags: string; freehold: number }>('SELECT id, tags, freehold FROM overseas');
  for (const o of overseas) if (o.tags.includes('永久产权') && !o.freehold) bad.push(`/haiwaidetails/${o.id} 永久产权 beside 有限产权`);
  none(t, listings.length + plans.length + itemCount + overseas.length, bad, 'tags, notes and slogans against the facts');
});

t.test('a sale’s unit price is its price over its area', async (t) => {
  const bad: string[] = [];
  const sales = rows<{ id: number; price: number; unit: number; area: number }>(
    'SELECT id, price, unit_price AS unit, area FROM listing WHERE house_type IN (11, 13, 15)',
  );
  for (const s of sales) {
    const derived = (s.price * 10000) / s.area;
    if (Math.abs(derived - s.unit) > 10)
      bad.push(`listing ${s.id}: ${s.price}万 / ${s.area}㎡ = ${Math.round(derived)}, shown ${s.unit}元/㎡`);
  }
  none(t, sales.length, bad, 'unit prices');
});

t.test('no two answers to a question say the same words', async (t) => {
  const dupes = rows<{ wenda: number; n: number }>(
    'SELECT wenda_id AS wenda, COUNT(*) AS n FROM wenda_answer GROUP BY wenda_id, content HAVING COUNT(*) > 1',
  ).map((d) => `/wenda/${d.wenda}.html ×${d.n}`);
  none(t, rows('SELECT DISTINCT wenda_id FROM wenda_answer').length, dupes, 'answers');
});

t.test('an article quotes the price series /fangjia shows, for the month before its date', async (t) => {
  const bad: string[] = [];
  const prices = new Map(
    rows<{ city: number; region: number; month: string; price: number }>(
      'SELECT city_id AS city, region_id AS region, month, price FROM area_price',
    ).map((r) => [`${r.city}/${r.region}/${r.month}`, r.price]),
  );
  const docs = rows<{ id: number; city: number; title: string; content: string; created: string }>(
    'SELECT id, city_id AS city, title, content, created_at AS created FROM info_doc',
  );
  const deals = new Map(
    rows<{ city: number; region: number; month: string; deals: number }>(
      'SELECT city_id AS city, region_id AS region, month, deals FROM area_price',
    ).map((r) => [`${r.city}/${r.region}/${r.month}`, r.deals]),
  );
  const change = (now: number | undefined, was: number | undefined) => {
    if (now === undefined || !was) return '持平';
    const pct = Math.round(((now - was) / was) * 1000) / 10;
    return pct > 0 ? `上涨${pct}%` : pct < 0 ? `下降${-pct}%` : '持平';
  };
  /** Every change of a price or of deals of the city's series (city or district) from the month before `month`. */
  const trendsOf = (city: number, month: string) => {
    const d = new Date(`${month}-01T00:00:00Z`);
    const prior = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const out = new Set<string>(['持平']);
    for (const [k, v] of prices) {
      const [c, region, m] = k.split('/');
      if (Number(c) !== city || m !== month) continue;
      out.add(change(v, prices.get(`${c}/${region}/${prior}`)));
      out.add(change(deals.get(k), deals.get(`${c}/${region}/${prior}`)));
    }
    return out;
  };
  let quoted = 0;
  for (const d of docs) {
    const created = new Date(`${d.created.slice(0, 7)}-01T00:00:00Z`);
    const before = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const allowed = new Set([...prices].filter(([k]) => k.startsWith(`${d.city}/`) && k.endsWith(`/${before}`)).map(([, v]) => v));
    const text = `${d.title} ${(JSON.parse(d.content) as Array<{ text?: string }>).map((b) => b.text ?? '').join('')}`;
    for (const m of text.matchAll(/参考均价[为约在]?(\d+)元/g)) {
      quoted++;
      if (!allowed.has(Number(m[1])))
        bad.push(
          `/zixun/${d.id}.html (${d.created.slice(0, 10)}) 参考均价${m[1]}, the series of ${before}: ${[...allowed].slice(0, 3).join('/')}…`,
        );
    }
    const trends = trendsOf(d.city, before);
    for (const m of text.matchAll(/环比((上涨|下降)\d+(\.\d+)?%|持平)/g)) {
      quoted++;
      if (!trends.has(m[1] as string))
        bad.push(`/zixun/${d.id}.html 环比${m[1]}, the series of ${before}: ${[...trends].slice(0, 4).join('/')}…`);
    }
  }
  t.ok(quoted > 50, `${quoted} figures quoted`);
  none(t, docs.length, bad, 'articles against the price series');
});

t.test(
  'realism: every address is on a street of its own district; cities differ in size; a community’s layouts are whole flats',
  async (t) => {
    const { CITIES } = await import('../../src/backend/seed/cities.ts');
    const bad: string[] = [];
    const places = rows<{ kind: string; id: number; city: number; region: string; address: string }>(
      `SELECT 'xiaoqu' AS kind, x.id, x.city_id AS city, r.name AS region, x.address FROM xiaoqu x JOIN region r ON r.id = x.region_id
     UNION ALL SELECT 'xinfang', l.id, l.city_id, r.name, l.address || ' ' || l.sale_address FROM loupan l JOIN region r ON r.id = l.region_id`,
    );
    for (const p of places) {
      const city = CITIES.find((c) => c.id === p.city);
      const own = city?.regions.find((r) => r.name === p.region)?.roads ?? [];
      const others = (city?.regions ?? []).filter((r) => r.name !== p.region).flatMap((r) => r.roads);
      if (!own.some((road) => p.address.includes(road))) bad.push(`${p.kind} ${p.id} in ${p.region}: ${p.address}`);
      const foreign = others.find((road) => p.address.includes(road));
      if (foreign) bad.push(`${p.kind} ${p.id} in ${p.region} on ${foreign}: ${p.address}`);
    }
    none(t, places.length, bad, 'addresses by district');
    const sizes = rows<{ city: number; n: number }>(
      'SELECT city_id AS city, COUNT(*) AS n FROM listing WHERE house_type = 11 GROUP BY city_id',
    );
    t.ok(new Set(sizes.map((s) => s.n)).size > 1, `second-hand listings per city differ: ${sizes.map((s) => s.n).join(', ')}`);
    const layouts: string[] = [];
    const communities = rows<{ id: number }>('SELECT id FROM xiaoqu WHERE zufangcount > 0 LIMIT 400');
    for (const c of communities) {
      for (const h of (await get(`/api/xiaoqu/huxing/${c.id}`)) as Array<{ name: string; minArea: number }>) {
        if (h.minArea < 30) layouts.push(`/xiaoqu/${c.id}: ${h.name} ${h.minArea}㎡`);
      }
    }
    none(t, communities.length, layouts, 'community layouts (no room of a shared flat)');
  },
);
