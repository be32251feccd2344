/**
 * Campaigns (issue 19; SPEC 2.3, 7.2, 7.8, 9): the ten /huodong templates render the seeded activity of the city with
 * its banner, rules, countdown, selected estates or listings and sign-up form; an unknown, malformed or other-kind id
 * is the 404 screen; an ended activity says 活动已结束 and the server refuses its sign-ups; a sign-up is saved once;
 * a bad phone is 400 with its message; poster shares and QR scans are recorded; the page is cached for visitors.
 */
import t from 'tap';
import { ACTIVITY_KINDS } from '../../src/lib/activity.ts';
import { assertNotFoundScreens, backendRows, canonical, portalOverBackend, title } from '../listings/helpers.ts';

const { portal, backend, get } = await portalOverBackend(t);
const app = portal.app;

type Act = { id: number; kind: string; name: string; items: string; ends: string; benefit: string; posterId: number };
const ACT = 'SELECT id, kind, name, items, ends_at AS ends, benefit, poster_id AS posterId FROM activity';
const now = () => new Date(Date.now() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
/** The city's current activity of a kind: running, the latest started (what /huodong/{kind} shows without an id). */
const currentOf = (kind: string) =>
  backendRows(
    backend,
    `${ACT} WHERE city_id = 1 AND kind = ? AND starts_at <= ? AND ends_at > ? ORDER BY starts_at DESC, id DESC LIMIT 1`,
    kind,
    now(),
    now(),
  )[0] as Act;
const ended = backendRows(backend, `${ACT} WHERE city_id = 1 AND ends_at <= ? ORDER BY id LIMIT 1`, now())[0] as Act;

const postJson = (url: string, body: unknown) =>
  app.inject({ method: 'POST', url, payload: body as object, headers: { accept: 'application/json', 'content-type': 'application/json' } });
const postForm = (url: string, body: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const signups = (activityId: number, phone: string) =>
  (
    backendRows(backend, 'SELECT COUNT(*) AS n FROM activity_signup WHERE activity_id = ? AND phone = ?', activityId, phone)[0] as {
      n: number;
    }
  ).n;

t.test('each of the ten templates shows its current activity: name, offer, countdown, items, form, canonical, JSON-LD', async (t) => {
  const designs = new Set<string>();
  for (const kind of ACTIVITY_KINDS) {
    const a = currentOf(kind);
    t.ok(a, `${kind}: a running activity is seeded`);
    const r = await get(`/huodong/${kind}`);
    t.equal(r.statusCode, 200, kind);
    t.match(r.body, `data-testid="activity-name">${a.name}<`, `${kind}: the activity's name`);
    t.match(r.body, a.benefit, `${kind}: its offer`);
    t.match(r.body, /data-testid="countdown"[^>]*aria-label="剩余\d+天 \d\d:\d\d:\d\d"/, `${kind}: the server renders the remaining time`);
    t.match(r.body, 'action="/-/huodong/signup"', `${kind}: the sign-up form posts without JavaScript`);
    t.match(r.body, 'data-testid="share"', `${kind}: share`);
    t.match(r.body, 'data-testid="activity-rules"', `${kind}: rules`);
    // The selected estates and listings are the seeded ones, with links to their details.
    for (const item of JSON.parse(a.items) as Array<{ type: string; id: number }>) {
      const href = item.type === 'loupan' ? `/xinfang/${item.id}.html` : `/(ershoufang|zufang)/${item.id}.html`;
      t.match(r.body, new RegExp(`href="${href}"`), `${kind}: links to its ${item.type} ${item.id}`);
    }
    t.equal(canonical(r.body), `http://localhost:3000/huodong/${kind}/${a.id}`, `${kind}: canonical is the id's page`);
    t.match(title(r.body), a.name);
    const ld = kind === 'tejiafang' || kind === 'youhuihuodong' ? '"@type":"OfferCatalog"' : '"@type":"Event"';
    t.match(r.body, ld, `${kind}: JSON-LD ${ld}`);
    designs.add(/<div class="cp (cp-[a-z0-9]+)"/.exec(r.body)?.[1] ?? '');
    t.notMatch(r.body, />(undefined|null|NaN)</, `${kind}: prints no undefined/null/NaN`);
  }
  t.equal(designs.size, ACTIVITY_KINDS.length, 'ten distinct designs');
});

t.test('by id: the activity of that id, its special prices struck through against the listed price', async (t) => {
  const a = currentOf('tejiafang');
  const r = await get(`/huodong/tejiafang/${a.id}`);
  t.equal(r.statusCode, 200);
  const item = (JSON.parse(a.items) as Array<{ id: number; specialPrice: number }>)[0] as { id: number; specialPrice: number };
  const listed = (backendRows(backend, 'SELECT price FROM listing WHERE id = ?', item.id)[0] as { price: number }).price;
  t.match(r.body, `data-testid="special-price">${item.specialPrice}<`, 'the special price');
  t.match(r.body, `data-testid="list-price">${listed}万<`, 'the listed price, struck through');
  t.ok(item.specialPrice < listed, 'the special price is below the listed one');
  t.match(r.body, '"@type":"Offer"');
});

t.test('unknown, malformed, other-kind and other-city ids are the 404 screen', async (t) => {
  const xinfang = currentOf('xinfang');
  const [other] = backendRows(backend, "SELECT id FROM activity WHERE city_id <> 1 AND kind = 'xinfang' LIMIT 1") as Array<{ id: number }>;
  await assertNotFoundScreens(t, get, [
    '/huodong/xinfang/99999999',
    '/huodong/xinfang/abc',
    '/huodong/xinfang/0',
    '/huodong/xinfang/12x',
    `/huodong/yellow/${xinfang.id}`,
    '/huodong/nosuch/1',
    ...(other ? [`/huodong/xinfang/${other.id}`] : []),
  ]);
});

t.test('an ended activity says 活动已结束, shows no form, and the server refuses its sign-up', async (t) => {
  const r = await get(`/huodong/${ended.kind}/${ended.id}`);
  t.equal(r.statusCode, 200);
  t.match(r.body, '活动已结束');
  t.match(r.body, 'data-testid="activity-ended"');
  t.notMatch(r.body, 'action="/-/huodong/signup"', 'no sign-up form');
  t.match(title(r.body), '（已结束）');
  const refused = await postJson('/-/huodong/signup', { activityId: ended.id, name: '王先生', phone: '13912340001' });
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { message: '活动已结束，无法报名' });
  t.equal(signups(ended.id, '13912340001'), 0, 'nothing saved');
  const form = await postForm('/-/huodong/signup', {
    activityId: String(ended.id),
    name: '王先生',
    phone: '13912340001',
    back: `/huodong/${ended.kind}/${ended.id}`,
  });
  t.equal(form.statusCode, 303);
  t.equal(form.headers.location, `/huodong/${ended.kind}/${ended.id}?signup=ended#signup`);
});

t.test('a sign-up is saved once; the second is answered kindly and not saved again', async (t) => {
  const a = currentOf('xinfang');
  const phone = '13912340002';
  const first = await postJson('/-/huodong/signup', { activityId: a.id, name: '李女士', phone });
  t.equal(first.statusCode, 200);
  t.match(first.json(), { message: '报名成功，顾问将尽快与您联系', obj: { duplicate: false } });
  const second = await postJson('/-/huodong/signup', { activityId: a.id, name: '李女士', phone });
  t.equal(second.statusCode, 200);
  t.match(second.json(), { message: '您已报名过本活动，无需重复提交，顾问将尽快与您联系', obj: { duplicate: true } });
  t.equal(signups(a.id, phone), 1, 'saved once');
  const saved = backendRows(backend, 'SELECT name, source FROM activity_signup WHERE activity_id = ? AND phone = ?', a.id, phone)[0];
  t.same(saved, { name: '李女士', source: 'form' });
});

t.test('a plain form post signs up and comes back to the page, which says so', async (t) => {
  const a = currentOf('muban1');
  const path = `/huodong/muban1/${a.id}`;
  const r = await postForm('/-/huodong/signup', { activityId: String(a.id), name: '赵先生', phone: '13912340003', back: path });
  t.equal(r.statusCode, 303);
  t.equal(r.headers.location, `${path}?signup=ok#signup`);
  t.equal(signups(a.id, '13912340003'), 1);
  const page = await get(`${path}?signup=ok`);
  t.match(page.body, 'data-testid="signup-msg" role="status">报名成功，顾问将尽快与您联系<');
});

t.test('a bad phone or a missing name is 400 with its message (JSON) or the message beside the form (plain post)', async (t) => {
  const a = currentOf('zufang');
  const bad = await postJson('/-/huodong/signup', { activityId: a.id, name: '周先生', phone: '12345' });
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { message: '请输入正确的11位手机号' });
  const noName = await postJson('/-/huodong/signup', { activityId: a.id, name: '  ', phone: '13912340004' });
  t.equal(noName.statusCode, 400);
  t.match(noName.json(), { message: '请填写姓名（1-20个字）' });
  const unknown = await postJson('/-/huodong/signup', { activityId: 99999999, name: '周先生', phone: '13912340004' });
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { message: '活动不存在' });
  t.equal(signups(a.id, '13912340004'), 0);
  const path = `/huodong/zufang/${a.id}`;
  const form = await postForm('/-/huodong/signup', { activityId: String(a.id), name: '周先生', phone: '1391234', back: path });
  t.equal(form.headers.location, `${path}?signup=phone#signup`);
  const page = await get(`${path}?signup=phone`);
  t.match(page.body, 'role="alert">请输入正确的11位手机号<');
  // The gateway refuses it too (SPEC 7.8 calls validated).
  const gw = await fetch(`${backend.url}/api/template/updateCustomerFlowDataRecord`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ activityId: a.id, name: '周先生', phone: '1391234' }),
  });
  t.equal(gw.status, 400);
});

t.test('a coupon claim gives the member account the activity coupons', async (t) => {
  const a = currentOf('youhuihuodong');
  const r = await get(`/huodong/youhuihuodong/${a.id}`);
  t.match(r.body, 'data-testid="coupons"');
  const phone = '13912340005';
  const claim = await postJson('/-/huodong/signup', { activityId: a.id, name: '孙女士', phone });
  t.equal(claim.statusCode, 200);
  t.match(claim.json().message, /领取成功，2张优惠券已发放至13912340005/);
  const coupons = backendRows(backend, 'SELECT coupon_no FROM coupon WHERE phone = ? ORDER BY coupon_no', phone);
  t.equal(coupons.length, 2, 'both coupons are in the account');
});

t.test('poster shares and QR scans are recorded; unknown posters refused', async (t) => {
  const a = currentOf('yellow');
  const count = (sql: string) => (backendRows(backend, sql, a.posterId)[0] as { n: number }).n;
  const before = count('SELECT COUNT(*) AS n FROM poster_share WHERE poster_id = ?');
  const share = await postJson('/-/huodong/share', { posterId: a.posterId });
  t.equal(share.statusCode, 200);
  t.equal(share.json().obj, before + 1, 'the share count');
  t.equal(count('SELECT COUNT(*) AS n FROM poster_share WHERE poster_id = ?'), before + 1);
  const scan = await postJson('/-/huodong/qrcode', { posterId: a.posterId, scene: 'poster' });
  t.equal(scan.statusCode, 200);
  t.equal(count('SELECT COUNT(*) AS n FROM qrcode_scan WHERE poster_id = ?'), 1);
  t.equal((await postJson('/-/huodong/share', { posterId: 99999999 })).statusCode, 404);
  t.equal((await postJson('/-/huodong/qrcode', { posterId: 99999999 })).statusCode, 400);
  t.equal((await postJson('/-/huodong/share', { posterId: 'x' })).statusCode, 400);
});

t.test('a visitor gets the activity page from the cache', async (t) => {
  const a = currentOf('muban3');
  const first = await get(`/huodong/muban3/${a.id}`);
  t.equal(first.headers['x-cache'], 'MISS');
  const second = await get(`/huodong/muban3/${a.id}`);
  t.equal(second.headers['x-cache'], 'HIT');
  t.match(second.body, a.name);
});
