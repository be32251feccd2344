import path from 'node:path';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { beijingMidnight } from '../../src/backend/time.ts';
import type { GatewayNoticeEvent, ListingFilter } from '../../src/contracts/gateway/index.ts';
import { LIST_SPECS, listFilterOf } from '../../src/lib/list-specs.ts';
import {
  AREA_BANDS,
  DECORATIONS,
  emptyQuery,
  type ListingQuery,
  ORIENTATIONS,
  RENT_PRICE_BANDS,
  SALE_PRICE_BANDS,
} from '../../src/lib/listing-filters.ts';
import { seededDataDir } from '../helpers/backend.ts';

/**
 * Issue 37 part 1: saved searches fire on write with the list's own rules. Many saved searches drawn from real filter
 * combinations of the second-hand and rental lists (the portal's own listFilterOf, what the list pages search with);
 * entrustments of homes go 已上架 and change price; every notice's listing is in its saved list's own answer
 * (findByCondition), and a listing the list shows to a 新房源 search always gave that member its notice.
 */
const dataDir = await seededDataDir();
// 03:00 in Beijing today: inside quiet hours 22:00–08:00.
const clockAt = beijingMidnight(Date.now()) + 3 * 3_600_000;
const app = await buildBackend({ dataDir, logger: false, now: () => clockAt });
t.teardown(() => app.close());
const events: GatewayNoticeEvent[] = [];
app.noticeEvents?.on('notice', (e: GatewayNoticeEvent) => events.push(e));

const ro = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
const xiaoqus = ro
  .prepare('SELECT id, region_id FROM xiaoqu WHERE city_id = 1 AND id IN (SELECT xiaoqu_id FROM listing) ORDER BY id LIMIT 40')
  .all() as Array<{ id: number; region_id: number }>;
const regions = [...new Set(xiaoqus.map((x) => x.region_id))];
const demoUid = ro.prepare("SELECT uid FROM member WHERE phone = '13800138000'").pluck().get() as string;
ro.close();

// biome-ignore lint/suspicious/noExplicitAny: gateway answers read field by field.
type Answer = { status: number; message: string; obj: any };
const post = async (url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, payload });
  return res.json() as Answer;
};
const get = async (url: string) => (await app.inject({ method: 'GET', url })).json() as Answer;

/** A small deterministic generator: the same searches on every run. */
let seed = 37;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const maybe = (n: number) => (rand(3) === 0 ? undefined : rand(n) + 1);

interface Saved {
  id: number;
  memberId: string;
  filter: ListingFilter;
  wantNew: boolean;
  wantDrop: boolean;
}
const saved: Saved[] = [];

t.before(async () => {
  for (let i = 0; i < 60; i++) {
    const list = i % 3 === 2 ? 'zufang' : 'ershoufang';
    const spec = LIST_SPECS[list];
    const q: ListingQuery = emptyQuery();
    if (rand(2)) q.regionId = regions[rand(regions.length)];
    q.price = maybe((list === 'zufang' ? RENT_PRICE_BANDS : SALE_PRICE_BANDS).length);
    q.area = rand(2) ? maybe(AREA_BANDS.length) : undefined;
    if (rand(3) === 0) q.rooms = [rand(4) + 1];
    q.orientation = rand(4) === 0 ? rand(ORIENTATIONS.length) + 1 : undefined;
    q.decoration = rand(4) === 0 ? rand(DECORATIONS.length) + 1 : undefined;
    const { page: _p, sort: _s, ...filter } = listFilterOf(spec, q, 1);
    const memberId = `tm${i}`;
    const wantNew = i % 4 !== 3;
    const wantDrop = i % 4 !== 0;
    const r = await post('/api/savedSearch/save', {
      memberId,
      cityId: 1,
      list,
      url: `/${list}/t${i}/`,
      filter,
      name: `搜索${i}`,
      wantNew,
      wantDrop,
      sms: false,
    });
    if (r.status !== 200) throw new Error(r.message);
    saved.push({ id: r.obj.id, memberId, filter, wantNew, wantDrop });
  }
});

/** Whether the saved list shows the listing: its own answer, newest first (the entrusted homes are the newest). */
async function listShows(filter: ListingFilter, listingId: number): Promise<boolean> {
  const r = await post('/api/house/search/findByCondition', { ...filter, sort: 'newest', size: 100 });
  return (r.obj.content as Array<{ houseId: number }>).some((l) => l.houseId === listingId);
}

const notices = async (memberId: string) => (await get(`/api/notice/list/${memberId}?size=100`)).obj;

/** Entrusts a home, and the console lists it: its listing id. */
async function listHome(i: number, kind: 'sell' | 'rent', price: number, area: number, rooms: number): Promise<number> {
  const x = xiaoqus[i % xiaoqus.length];
  const saved = await post('/api/entrust/save', {
    memberId: 'owner37',
    cityId: 1,
    kind,
    stressId: x.id,
    area,
    rooms,
    halls: 1,
    toilets: 1,
    floor: 5,
    totalFloors: 18,
    price,
    contact: '业主',
    phone: '13912340037',
    orientation: ORIENTATIONS[i % ORIENTATIONS.length],
    decoration: DECORATIONS[i % DECORATIONS.length],
  });
  const id = saved.obj.id as number;
  await post('/api/entrust/transition', { id, to: '已受理', actor: '控制台' });
  await post('/api/entrust/transition', { id, to: '已上架', actor: '控制台' });
  const detail = await get(`/api/entrust/${id}?memberId=owner37`);
  const listing = await post('/api/house/search/findByCondition', {
    cityId: 1,
    houseType: kind === 'sell' ? 11 : 12,
    sort: 'newest',
    size: 5,
  });
  const found = (listing.obj.content as Array<{ houseId: number; houseNumber: string }>).find(
    (l) => l.houseNumber === detail.obj.houseNumber,
  );
  if (!found) throw new Error('the entrusted home is not listed');
  return found.houseId;
}

const homes: Array<{ entrust: number; listing: number; kind: 'sell' | 'rent'; price: number }> = [];

t.test('a home that goes 已上架 is 新房源 of exactly the saved lists that show it', async (t) => {
  for (let i = 0; i < 16; i++) {
    const sell = i % 3 !== 2;
    const price = sell ? [45, 65, 90, 110, 135, 175, 250, 320][i % 8] : [800, 1500, 2500, 4000][i % 4];
    const area = [45, 60, 85, 100, 130, 180][i % 6];
    const listing = await listHome(i, sell ? 'sell' : 'rent', price, area, (i % 4) + 1);
    const entrusts = await get('/api/entrust/list/owner37');
    homes.push({ entrust: entrusts.obj[0].id, listing, kind: sell ? 'sell' : 'rent', price });
  }
  let fired = 0;
  let quiet = 0;
  for (const s of saved) {
    const mine = (await notices(s.memberId)).content as Array<{ kind: string; listingId: number; searchId: number; url: string }>;
    for (const h of homes) {
      const shows = await listShows(s.filter, h.listing);
      const notice = mine.find((n) => n.listingId === h.listing && n.kind === 'new');
      if (notice) {
        fired++;
        t.ok(shows, `search ${s.id}: its notice names listing ${h.listing}, which its list shows`);
        t.equal(notice.searchId, s.id);
        t.match(notice.url, new RegExp(`^/(ershoufang|zufang)/${h.listing}\\.html$`));
      } else if (s.wantNew && shows) t.fail(`search ${s.id} shows listing ${h.listing} but gave no notice`);
      else quiet++;
      if (!s.wantNew) t.notOk(notice, `search ${s.id} did not ask for 新房源`);
    }
  }
  t.ok(fired >= 10, `${fired} notices fired`);
  t.ok(quiet >= 100, `${quiet} listings outside the saved lists (or not wanted) gave none`);
  t.ok(events.filter((e) => e.notice.kind === 'new').length === fired, 'each notice was announced to the portal once');
});

t.test('a price change fires 降价 on the lists that showed it and 新房源 on those it moved into', async (t) => {
  // A search whose price band the first home's new price moves into (and its old one is outside).
  const target = homes.find((h) => h.kind === 'sell' && h.price >= 90) as (typeof homes)[number];
  const into = Math.round(target.price * 0.7);
  const band = { cityId: 1, houseType: 11, priceMin: into - 5, priceMax: into + 5 };
  const r = await post('/api/savedSearch/save', {
    memberId: 'tm-move',
    cityId: 1,
    list: 'ershoufang',
    url: '/ershoufang/move/',
    filter: band,
    name: '移入',
    wantNew: true,
    wantDrop: true,
    sms: false,
  });
  saved.push({ id: r.obj.id, memberId: 'tm-move', filter: band, wantNew: true, wantDrop: true });
  const before = new Map<number, number>();
  for (const s of saved) before.set(s.id, (await notices(s.memberId)).totalElements);
  const changed: Array<{ listing: number; from: number; to: number }> = [];
  for (const h of homes) {
    const to = h.kind === 'sell' ? Math.round(h.price * 0.7) : Math.round(h.price * 0.6);
    const r = await post('/api/entrust/modifyPrice', { id: h.entrust, memberId: 'owner37', price: to });
    t.equal(r.status, 200, r.message);
    changed.push({ listing: h.listing, from: h.price, to });
  }
  let drops = 0;
  let moved = 0;
  for (const s of saved) {
    const all = (await notices(s.memberId)).content as Array<{ id: number; kind: string; listingId: number; text: string }>;
    const fresh = all.slice(0, all.length - (before.get(s.id) ?? 0));
    for (const n of fresh) {
      t.ok(await listShows(s.filter, n.listingId), `search ${s.id}: ${n.kind} notice of ${n.listingId} is in its list`);
      const c = changed.find((x) => x.listing === n.listingId);
      if (n.kind === 'drop') {
        drops++;
        t.ok(s.wantDrop, 'a 降价 notice only for a search that wants it');
        t.match(n.text, `${c?.from}`);
        t.match(n.text, `→ ${c?.to}`);
      } else {
        moved++;
        t.equal(n.kind, 'new');
      }
    }
  }
  t.ok(drops > 0, `${drops} 降价 notices`);
  t.ok(moved > 0, `${moved} listings moved into a saved range`);
  const movedIn = (await notices('tm-move')).content.find((n: { listingId: number }) => n.listingId === target.listing);
  t.equal(movedIn?.kind, 'new', 'a price into the range is 新房源 of that search');
});

t.test('a favourite remembers its price; a drop below it notifies the member and SMS waits for quiet hours to end', async (t) => {
  const home = homes.find((h) => h.kind === 'sell') as (typeof homes)[number];
  const now = (await post('/api/house/search/findByCondition', { cityId: 1, houseType: 11, sort: 'newest', size: 50 })).obj.content.find(
    (l: { houseId: number }) => l.houseId === home.listing,
  ).price as number;
  t.equal((await get(`/api/house/collect/add/${home.listing}/${demoUid}`)).status, 200);
  const list = (await get(`/api/house/collect/list/${demoUid}?kind=ershoufang`)).obj as Array<{
    savedPrice: number;
    item: { houseId: number };
  }>;
  t.equal(list.find((c) => c.item.houseId === home.listing)?.savedPrice, now, 'the price at save time is kept');
  // The member also saves a search that shows the home, with SMS, and is in quiet hours.
  t.equal(
    (await post('/api/notice/settings', { memberId: demoUid, sms: true, quiet: true, quietFrom: '22:00', quietTo: '08:00' })).status,
    200,
  );
  const lower = now - 10;
  const r = await post('/api/entrust/modifyPrice', { id: home.entrust, memberId: 'owner37', price: lower });
  t.equal(r.status, 200);
  const mine = (await notices(demoUid)).content as Array<{ kind: string; text: string; title: string; read: boolean }>;
  t.equal(mine[0].kind, 'favourite-drop');
  t.equal(mine[0].title, '收藏的房源降价了');
  t.match(mine[0].text, `降价10万，${now}万 → ${lower}万`);
  t.equal(mine[0].read, false);
  // A rise is no drop.
  const before = (await notices(demoUid)).totalElements;
  await post('/api/entrust/modifyPrice', { id: home.entrust, memberId: 'owner37', price: lower + 20 });
  t.equal((await notices(demoUid)).totalElements, before, 'a price rise gives no notice');
});

t.test('SMS: recorded when chosen, and held until the quiet hours end', async (t) => {
  const search = await post('/api/savedSearch/save', {
    memberId: demoUid,
    cityId: 1,
    list: 'ershoufang',
    url: '/ershoufang/',
    filter: { cityId: 1, houseType: 11 },
    name: '全部二手房',
    wantNew: true,
    wantDrop: false,
    sms: true,
  });
  t.equal(search.status, 200);
  const listing = await listHome(3, 'sell', 99, 88, 3);
  const mine = (await notices(demoUid)).content as Array<{ id: number; kind: string; listingId: number }>;
  const n = mine.find((x) => x.listingId === listing);
  t.ok(n, 'the member got the notice at once (quiet hours delay SMS, not the 站内消息)');
  const sms = (await get(`/api/notice/sms/${demoUid}`)).obj as Array<{ noticeId: number; text: string; dueAt: string; phone: string }>;
  const one = sms.find((s) => s.noticeId === n?.id);
  t.ok(one, 'the SMS is recorded');
  t.equal(one?.phone, '13800138000');
  t.match(one?.text, '全部二手房');
  t.match(one?.dueAt, / 08:00:00$/, 'due when the quiet hours end');
  const event = events.find((e) => e.notice.id === n?.id);
  t.ok(event, 'announced');
  t.match(event?.userId, /^[1-9][0-9]*$/, 'with the socket key of the member');
  // SMS off: the next notice has none.
  await post('/api/notice/settings', { memberId: demoUid, sms: false, quiet: false });
  const next = await listHome(4, 'sell', 98, 87, 2);
  const n2 = ((await notices(demoUid)).content as Array<{ id: number; listingId: number }>).find((x) => x.listingId === next);
  t.ok(n2);
  t.notOk(
    ((await get(`/api/notice/sms/${demoUid}`)).obj as Array<{ noticeId: number }>).some((s) => s.noticeId === n2?.id),
    'no SMS when off',
  );
});

t.test('the member reads, marks and deletes notices; another member cannot', async (t) => {
  const page = (await notices(demoUid)) as { unread: number; content: Array<{ id: number }> };
  t.ok(page.unread > 0);
  const first = page.content[0].id;
  t.equal((await post('/api/notice/read', { memberId: 'someone', id: first })).status, 404, 'not yours: not found');
  t.equal((await post('/api/notice/read', { memberId: demoUid, id: first })).obj.unread, page.unread - 1);
  t.equal((await post('/api/notice/delete', { memberId: 'someone', id: first })).status, 404);
  t.equal((await post('/api/notice/delete', { memberId: demoUid, id: first })).status, 200);
  t.equal((await post('/api/notice/read', { memberId: demoUid })).obj.unread, 0, 'all read');
  t.equal((await get(`/api/notice/unread/${demoUid}`)).obj.total, 0);
});

t.test('refusals name the field in Chinese', async (t) => {
  const base = { memberId: 'tm1', cityId: 1, list: 'ershoufang', url: '/ershoufang/x/', filter: { cityId: 1 }, name: '名', sms: false };
  const none = await post('/api/savedSearch/save', { ...base, wantNew: false, wantDrop: false });
  t.equal(none.status, 400);
  t.match(none.message, '请至少选择新房源或降价中的一项');
  const other = await post('/api/savedSearch/save', { ...base, filter: { cityId: 2 }, wantNew: true, wantDrop: false });
  t.match(other.message, '与城市不一致');
  const bad = await app.inject({
    method: 'POST',
    url: '/api/savedSearch/save',
    payload: { ...base, name: '', wantNew: true, wantDrop: true },
  });
  t.equal(bad.statusCode, 400);
  t.equal((await post('/api/savedSearch/update', { memberId: 'nobody', id: saved[0].id, enabled: false })).status, 404);
  const quiet = await post('/api/notice/settings', { memberId: 'tm1', sms: true, quiet: true, quietFrom: '10:00', quietTo: '10:00' });
  t.match(quiet.message, '免打扰的开始和结束时间不能相同');
  // A disabled search fires no more.
  t.equal((await post('/api/savedSearch/update', { memberId: saved[0].memberId, id: saved[0].id, enabled: false })).obj.enabled, false);
});
