import path from 'node:path';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { beijingMidnight, sqlTime } from '../../src/backend/time.ts';
import type { GatewayNoticeEvent, LoupanFilter } from '../../src/contracts/gateway/index.ts';
import { LOUPAN_TYPES } from '../../src/lib/loupan-types.ts';
import {
  ROOM_OPTIONS,
  SALE_STATUS_CODES,
  slugsOf,
  TOTAL_PRICE_BANDS,
  toLoupanFilter,
  UNIT_PRICE_BANDS,
  type XinfangFilter,
  xinfangPath,
} from '../../src/lib/xinfang-filters.ts';
import { seededDataDir } from '../helpers/backend.ts';

/**
 * Issue 37 part 1 for new homes: saved searches of the new-home list fire when the console changes an estate (its
 * 参考均价 or its sale status), with the estate list's own rules. Forty saved searches drawn from real filter states of
 * the list (the portal's toLoupanFilter, what the list page searches with); a dozen estates change price or status one
 * after another; every notice's estate is in its saved list's own answer (findListByWap), and every (search, estate)
 * pair that should have given a notice gave exactly that one.
 */
const dataDir = await seededDataDir();
const clockAt = beijingMidnight(Date.now()) + 10 * 3_600_000;
const app = await buildBackend({ dataDir, logger: false, now: () => clockAt });
t.teardown(() => app.close());
const events: GatewayNoticeEvent[] = [];
app.noticeEvents?.on('notice', (e: GatewayNoticeEvent) => events.push(e));

// biome-ignore lint/suspicious/noExplicitAny: gateway answers read field by field.
type Answer = { status: number; message: string; obj: any };
const post = async (url: string, payload: object) => (await app.inject({ method: 'POST', url, payload })).json() as Answer;
const get = async (url: string) => (await app.inject({ method: 'GET', url })).json() as Answer;
const notices = async (memberId: string) =>
  (await get(`/api/notice/list/${memberId}?size=100`)).obj.content as Array<{
    kind: string;
    estateId?: number;
    listingId: number | null;
    searchId: number | null;
    title: string;
    text: string;
    url: string;
  }>;

const ro = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
const estatesOf = (status: string, city = 1) =>
  ro.prepare('SELECT id, avg_price AS price FROM loupan WHERE city_id = ? AND sale_status = ? ORDER BY id').all(city, status) as Array<{
    id: number;
    price: number;
  }>;
// 长沙's seed: 2 待售, 10 期房, 4 现房 (each test below changes estates no other test changes)
const waiting = estatesOf('待售');
const forward = estatesOf('期房');
const ready = estatesOf('现房');
const waitingElsewhere = estatesOf('待售', 2);
const demoUid = ro.prepare("SELECT uid FROM member WHERE phone = '13800138000'").pluck().get() as string;
ro.close();

const regions = (await get('/api/loupanregion/findByCityId/1')).obj as Array<{ regionId: number; regionName: string }>;
const slugs = slugsOf(regions);

/** A small deterministic generator: the same searches on every run. */
let seed = 3737;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

interface Saved {
  id: number;
  memberId: string;
  filter: LoupanFilter;
  wantNew: boolean;
  wantDrop: boolean;
}
const saved: Saved[] = [];

/** The estates a saved list shows: its own answer. */
async function shown(filter: LoupanFilter): Promise<Set<number>> {
  const r = await post('/api/house/findListByWap', { ...filter, size: 100 });
  return new Set((r.obj.content as Array<{ houseId: number }>).map((e) => e.houseId));
}

t.before(async () => {
  for (let i = 0; i < 40; i++) {
    const q: XinfangFilter = {};
    if (rand(2)) q.regionId = regions[rand(regions.length)].regionId;
    if (rand(3) === 0) q.typeCode = LOUPAN_TYPES[rand(3)].code;
    if (rand(3) === 0) q.saleStatus = SALE_STATUS_CODES[rand(4)].status;
    if (rand(2)) q.price = UNIT_PRICE_BANDS[rand(UNIT_PRICE_BANDS.length)].code;
    else if (rand(3) === 0) q.total = TOTAL_PRICE_BANDS[rand(TOTAL_PRICE_BANDS.length)].code;
    if (rand(4) === 0) q.rooms = [ROOM_OPTIONS[rand(ROOM_OPTIONS.length)].code];
    const { page: _p, size: _s, sort: _o, ...filter } = toLoupanFilter(q, 1);
    const memberId = `xf${i}`;
    const wantNew = i % 4 !== 3;
    const wantDrop = i % 4 !== 0;
    const r = await post('/api/savedSearch/save', {
      memberId,
      cityId: 1,
      list: 'xinfang',
      url: xinfangPath(q, slugs),
      filter,
      name: `新房搜索${i}`,
      wantNew,
      wantDrop,
      sms: false,
    });
    if (r.status !== 200) throw new Error(r.message);
    saved.push({ id: r.obj.id, memberId, filter, wantNew, wantDrop });
  }
});

t.test('console changes fire 新房源 and 降价 on exactly the saved new-home lists they concern', async (t) => {
  // Twelve different estates: drops into lower bands, rises, openings (待售 → 期房) and later statuses.
  const changes: Array<{ id: number; body: { price?: number; saleStatus?: string } }> = [
    ...forward.slice(0, 4).map((e, i) => ({ id: e.id, body: { price: Math.round(e.price * [0.7, 0.8, 0.9, 0.62][i]) } })),
    ...ready.slice(0, 2).map((e) => ({ id: e.id, body: { price: Math.round(e.price * 1.2) } })),
    ...waiting.slice(0, 2).map((e, i) => ({ id: e.id, body: { saleStatus: '期房', ...(i ? { price: Math.round(e.price * 0.85) } : {}) } })),
    ...forward.slice(4, 6).map((e) => ({ id: e.id, body: { saleStatus: '现房' } })),
    ...ready.slice(2, 4).map((e, i) => ({ id: e.id, body: { saleStatus: i ? '售完' : '尾房' } })),
  ];
  t.equal(new Set(changes.map((c) => c.id)).size, 12, 'twelve different estates of the seed');
  let fired = 0;
  let silent = 0;
  for (const c of changes) {
    const before = new Map<number, Set<number>>();
    for (const s of saved) before.set(s.id, await shown(s.filter));
    const wasWaiting = waiting.some((e) => e.id === c.id);
    const oldPrice = [...waiting, ...forward, ...ready].find((e) => e.id === c.id)?.price as number;
    const r = await post('/api/house/console/update', { houseId: c.id, actor: '新房控制台', ...c.body });
    t.equal(r.status, 200, r.message);
    const opened = wasWaiting && c.body.saleStatus === '期房';
    const dropped = c.body.price !== undefined && c.body.price < oldPrice;
    for (const s of saved) {
      const after = await shown(s.filter);
      const mine = (await notices(s.memberId)).filter((n) => n.estateId === c.id);
      const wasShown = before.get(s.id)?.has(c.id) ?? false;
      const isShown = after.has(c.id);
      const expectNew = s.wantNew && isShown && (!wasShown || opened);
      const expectDrop = !expectNew && s.wantDrop && wasShown && isShown && dropped;
      const kinds = mine.map((n) => n.kind).sort();
      t.same(kinds, expectNew ? ['new'] : expectDrop ? ['drop'] : [], `search ${s.id} and estate ${c.id}`);
      for (const n of mine) {
        fired++;
        t.ok(isShown, `search ${s.id}: its notice names estate ${c.id}, which its list shows`);
        t.equal(n.searchId, s.id);
        t.equal(n.url, `/xinfang/${c.id}.html`);
        t.equal(n.listingId, null);
      }
      if (!mine.length) silent++;
    }
  }
  t.ok(fired >= 15, `${fired} notices fired`);
  t.ok(silent >= 300, `${silent} (search, estate) pairs correctly silent`);
  t.equal(events.length, fired, 'each notice was announced to the portal once');
  const drop = events.find((e) => e.notice.kind === 'drop');
  t.match(drop?.notice.text, /均价降\d+元\/㎡，\d+元\/㎡ → \d+元\/㎡$/);
});

t.test('the SMS of a search that chose it is recorded; a search switched off is silent', async (t) => {
  /** 长沙's whole new-home list, saved by `memberId`. */
  const saveWholeList = (memberId: string, sms: boolean) =>
    post('/api/savedSearch/save', {
      memberId,
      cityId: 1,
      list: 'xinfang',
      url: '/xinfang/',
      filter: { cityId: 1 },
      name: '长沙新房',
      wantNew: true,
      wantDrop: true,
      sms,
    });
  const withSms = await saveWholeList(demoUid, true);
  t.equal(withSms.status, 200, withSms.message);
  const off = await saveWholeList('xf-off', false);
  t.equal((await post('/api/savedSearch/update', { memberId: 'xf-off', id: off.obj.id, enabled: false })).status, 200);
  const e = forward[6];
  const down = Math.round(e.price * 0.93);
  t.equal((await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台', price: down })).status, 200);
  const [n] = await notices(demoUid);
  t.equal(n?.kind, 'drop');
  t.equal(n?.title, '「长沙新房」有楼盘降价');
  const sms = (await get(`/api/notice/sms/${demoUid}`)).obj as Array<{ text: string; phone: string; noticeId: number }>;
  t.equal(sms.length, 1, 'one SMS recorded');
  t.equal(sms[0].phone, '13800138000');
  t.equal(sms[0].text, `【湘房网】${n.title}：${n.text}`);
  t.same(await notices('xf-off'), [], 'no notice for a search that is off');
});

t.test('one number for one thing: a new 参考均价 moves every figure that follows from it', async (t) => {
  const e = forward[7];
  const price = Math.round(e.price * 0.9);
  const r = await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台', price });
  t.equal(r.status, 200);
  t.equal(r.obj.changed, true);
  const d = (await get(`/api/house/findByIdForM/${e.id}`)).obj;
  t.equal(d.price, price, 'the detail’s 参考均价');
  const types = d.prices as Array<{ type: number; price: number }>;
  t.equal(types[0].price, price, 'the main type’s own price is the headline');
  t.ok(Math.min(...types.map((p) => p.price)) <= price && price <= Math.max(...types.map((p) => p.price)), 'within the per-type prices');
  const areas = (d.huxingList as Array<{ area: number; totalPrice: number }>).map((h) => h.area);
  const total = (a: number) => Math.round((price * a) / 1000) / 10;
  t.equal(d.totalMin, total(Math.min(...areas)), 'the lowest total follows');
  t.equal(d.totalMax, total(Math.max(...areas)), 'the highest total follows');
  for (const h of d.huxingList as Array<{ area: number; totalPrice: number }>) t.equal(h.totalPrice, total(h.area), 'a plan’s total');
  const list = await post('/api/house/findListByWap', { cityId: 1, size: 100 });
  t.equal(
    (list.obj.content as Array<{ houseId: number; price: number }>).find((x) => x.houseId === e.id)?.price,
    price,
    'the list says so',
  );
  t.match(d.DongTaiList[0].content, `参考均价下调至${price}元/㎡（原${e.price}元/㎡）`, 'the news feed tells it');
  const same = await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台', price });
  t.equal(same.obj.changed, false, 'the same price again changes nothing');

  const w = waitingElsewhere[0];
  t.ok(w, 'an estate still 待售 (another city’s)');
  t.equal((await post('/api/house/console/update', { houseId: w.id, actor: '新房控制台', saleStatus: '期房' })).status, 200);
  const opened = (await get(`/api/house/findByIdForM/${w.id}`)).obj;
  t.equal(opened.saleStatus, '期房');
  t.equal(opened.openDate, sqlTime(clockAt).slice(0, 10), 'it opened today');
  t.notOk(
    (opened.huxingList as Array<{ status: string }>).some((h) => h.status === '待售'),
    'its floor plans are on sale',
  );
  t.match(opened.DongTaiList[0].title, /盛大开盘$/);
});

t.test('bad console input: nothing to change, a status back, an unknown estate, a malformed body', async (t) => {
  const e = forward[8];
  const none = await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台' });
  t.equal(none.status, 400);
  t.equal(none.message, 'price: 请至少修改参考均价或销售状态中的一项');
  const back = await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台', saleStatus: '待售' });
  t.equal(back.status, 400);
  t.equal(back.message, 'saleStatus: 楼盘已是期房，不能改为待售');
  const unknown = await post('/api/house/console/update', { houseId: 999999, actor: '新房控制台', price: 15000 });
  t.equal(unknown.status, 404);
  t.equal(unknown.message, '楼盘不存在');
  for (const bad of [
    { price: 15000 },
    { houseId: e.id, actor: '控制台', price: 5 },
    { houseId: e.id, actor: '控制台', saleStatus: '在建' },
  ]) {
    const res = await app.inject({ method: 'POST', url: '/api/house/console/update', payload: bad });
    t.equal(res.statusCode, 400, JSON.stringify(bad));
  }
  const row = (await get(`/api/house/findByIdForM/${e.id}`)).obj;
  t.equal(row.price, e.price, 'nothing was written');
});

t.test('a favourite estate whose 参考均价 falls below its saved price gives its member a notice', async (t) => {
  const e = forward[9];
  t.equal((await get(`/api/house/collect/addNewHouse/${e.id}/fav-estate`)).status, 200);
  const up = Math.round(e.price * 1.1);
  await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台', price: up });
  t.same(await notices('fav-estate'), [], 'a rise is no drop');
  const down = Math.round(e.price * 0.95);
  await post('/api/house/console/update', { houseId: e.id, actor: '新房控制台', price: down });
  const [n] = await notices('fav-estate');
  t.equal(n?.kind, 'favourite-drop');
  t.equal(n?.title, '收藏的楼盘降价了');
  t.match(n?.text, `均价降${e.price - down}元/㎡，${e.price}元/㎡ → ${down}元/㎡`, 'measured from the price it was saved at');
  t.equal(n?.estateId, e.id);
});
