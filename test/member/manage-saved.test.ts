import path from 'node:path';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import { backendRows, cookieOf, formPost, memberPortal, registerMember } from './helpers.ts';

/**
 * Issue 34: what a member saved can be managed. Favourites are removed one at a time (取消收藏) or several at once (the
 * edit mode's 删除所选); a booking still 待确认 is cancelled; a valuation is deleted; a report still 待处理 is withdrawn.
 * Each is a plain form post (303 back to its page with a notice) and answers JSON to fetch(); only the member's own
 * records are touched, and visitors are sent to log in.
 */

/** A write to the backend's database, for what no page can set up (an agent confirming a booking). */
function backendRun(backend: { dataDir: string }, sql: string, ...args: unknown[]) {
  const db = new Database(path.join(backend.dataDir, 'portal.db'));
  try {
    return db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

const listings = (backend: { dataDir: string }) =>
  backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 3').map(
    (r) => r.id as number,
  );

t.test('favourites: 取消收藏 removes one, 删除所选 removes several; the page has its title, buttons and a next step', async (t) => {
  const { app, backend, cookie, member } = await memberPortal(t, '13834340001');
  const [a, b, c] = listings(backend) as [number, number, number];
  for (const id of [a, b, c]) {
    const res = await formPost(app, '/-/action/favourite', { houseId: String(id), kind: 'ershoufang' }, cookie, true);
    t.equal(res.statusCode, 200);
  }
  const page = await app.inject({ url: '/myshoucang', headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, /<h1 class="fav__title">我的收藏<\/h1>/, 'a visible title');
  t.match(page.body, /<title>我的收藏_/, 'and the head title');
  t.equal(page.body.match(/data-testid="fav-remove"/g)?.length, 3, 'a 取消收藏 button per item');
  t.match(page.body, new RegExp(`<form id="fav-rm-ershoufang-${a}"[^>]*action="/-/action/favourite" method="post"`), 'a plain form each');
  t.match(page.body, /name="op" value="remove"/);
  t.match(page.body, /<form id="fav-batch"[^>]*action="\/-\/action\/favourite-batch"/, 'the edit mode form');
  t.match(page.body, new RegExp(`form="fav-batch"[^>]*name="item" value="ershoufang:${a}"`), 'a checkbox per item');

  const one = await formPost(
    app,
    '/-/action/favourite',
    { houseId: String(a), kind: 'ershoufang', op: 'remove', back: '/myshoucang' },
    cookie,
  );
  t.equal(one.statusCode, 303);
  t.equal(one.headers.location, '/myshoucang?notice=unfavourited');
  const mine = () =>
    backendRows(backend, 'SELECT house_id FROM collect WHERE member_id = ? ORDER BY house_id', member.uid).map((r) => r.house_id);
  t.same(
    mine(),
    [b, c].sort((x, y) => x - y),
    'one removed',
  );
  const after = await app.inject({ url: '/myshoucang?notice=unfavourited', headers: { cookie } });
  t.match(after.body, /data-testid="fav-notice">已取消收藏</);
  t.equal(after.body.match(/data-testid="fav-remove"/g)?.length, 2, 'the page re-loads its data');

  const batch = await formPost(
    app,
    '/-/action/favourite-batch',
    { item: [`ershoufang:${b}`, `ershoufang:${c}`], back: '/myshoucang' },
    cookie,
  );
  t.equal(batch.statusCode, 303);
  t.equal(batch.headers.location, '/myshoucang?notice=removed');
  t.same(mine(), [], 'both removed');
  const empty = await app.inject({ url: '/myshoucang', headers: { cookie } });
  t.match(empty.body, /data-testid="fav-empty"/);
  t.match(empty.body, /还没有收藏，去看看二手房/, 'the empty state says what to do next');
  t.match(empty.body, /href="\/ershoufang\/"[^>]*>去看看二手房/);

  const none = await formPost(app, '/-/action/favourite-batch', {}, cookie, true);
  t.equal(none.statusCode, 400);
  t.match(none.json(), { field: 'item', message: '请选择要删除的收藏' });
  const bad = await formPost(app, '/-/action/favourite-batch', { item: 'villa:1' }, cookie, true);
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { field: 'item' });
  const json = await formPost(app, '/-/action/favourite-batch', { item: `ershoufang:${a}` }, cookie, true);
  t.equal(json.statusCode, 200, 'one field is a list of one');
  t.match(json.json(), { obj: { removed: 0 } });
});

t.test('a booking still 待确认 is cancelled; not another member’s, not a confirmed one', async (t) => {
  const { portal, app, backend, cookie, member } = await memberPortal(t, '13834340002');
  const other = await registerMember(backend, '13834340003');
  const otherCookie = cookieOf(portal, other);
  const [house] = listings(backend) as [number];
  const book = async (c: string) => {
    const res = await formPost(app, '/-/action/kanfang', { houseId: String(house), name: '王先生', phone: '13834340002' }, c, true);
    t.equal(res.statusCode, 200, res.body);
    return res.json().obj.id as number;
  };
  const mine = await book(cookie);
  const confirmed = await book(cookie);
  const theirs = await book(otherCookie);
  backendRun(backend, "UPDATE kanfang SET status = '已确认' WHERE id = ?", confirmed);

  const center = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.equal(center.body.match(/data-testid="kanfang-cancel"/g)?.length, 1, '取消预约 only on the pending one');
  t.match(center.body, new RegExp(`action="/-/action/kanfang-cancel"[^]*?name="id" value="${mine}"`));

  const res = await formPost(app, '/-/action/kanfang-cancel', { id: String(mine), back: '/personalcenter' }, cookie);
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/personalcenter?notice=cancelled');
  const status = (id: number) => backendRows(backend, 'SELECT status FROM kanfang WHERE id = ?', id)[0]?.status;
  t.equal(status(mine), '已取消');
  const page = await app.inject({ url: '/personalcenter?notice=cancelled', headers: { cookie } });
  t.match(page.body, /data-testid="bookings-notice">预约已取消</);
  t.match(page.body, /pc-tag--[a-z]+">已取消</, 'the list shows it cancelled');
  t.notMatch(page.body, /data-testid="kanfang-cancel"/);

  const again = await formPost(app, '/-/action/kanfang-cancel', { id: String(mine) }, cookie, true);
  t.equal(again.statusCode, 409, 'cancelled already');
  const done = await formPost(app, '/-/action/kanfang-cancel', { id: String(confirmed) }, cookie, true);
  t.equal(done.statusCode, 409);
  t.match(done.json(), { field: 'id', message: /已确认/ });
  t.equal(status(confirmed), '已确认');
  const foreign = await formPost(app, '/-/action/kanfang-cancel', { id: String(theirs) }, cookie, true);
  t.equal(foreign.statusCode, 404);
  t.match(foreign.json(), { message: '预约不存在' });
  t.equal(status(theirs), '待确认', 'another member’s booking is untouched');
  const foreignForm = await formPost(app, '/-/action/kanfang-cancel', { id: String(theirs), back: '/personalcenter' }, cookie);
  t.equal(foreignForm.statusCode, 303);
  t.equal(foreignForm.headers.location, '/personalcenter?error=notfound', 'a form post goes back saying why');
  t.ok(member.uid);
});

t.test('a valuation is deleted (only the member’s own)', async (t) => {
  const { portal, app, backend, cookie, member } = await memberPortal(t, '13834340004');
  const other = await registerMember(backend, '13834340005');
  const xiaoqu = backendRows(backend, 'SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id as number;
  const add = (m: string) =>
    Number(
      backendRun(
        backend,
        "INSERT INTO valuation (member_id, city_id, xiaoqu_id, area, input, unit_price, total_price, created_at) VALUES (?, 1, ?, 90, '{}', 12000, 108, '2026-01-02 10:00:00')",
        m,
        xiaoqu,
      ).lastInsertRowid,
    );
  const mine = add(member.uid);
  const theirs = add(other.uid);
  const page = await app.inject({ url: '/gujiajilu', headers: { cookie } });
  t.equal(page.body.match(/data-testid="valuation-delete"/g)?.length, 1);
  const res = await formPost(app, '/-/action/gujia-delete', { id: String(mine), back: '/gujiajilu' }, cookie);
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/gujiajilu?notice=deleted');
  t.same(backendRows(backend, 'SELECT id FROM valuation WHERE id IN (?, ?)', mine, theirs), [{ id: theirs }]);
  const after = await app.inject({ url: '/gujiajilu?notice=deleted', headers: { cookie } });
  t.match(after.body, /data-testid="valuation-notice">估价记录已删除</);
  t.match(after.body, /data-testid="empty"/, 'the empty state');
  t.match(after.body, /去估个价/);
  const foreign = await formPost(app, '/-/action/gujia-delete', { id: String(theirs) }, cookie, true);
  t.equal(foreign.statusCode, 404);
  t.match(foreign.json(), { message: '估价记录不存在' });
  t.ok(cookieOf(portal, other));
});

t.test('a report still 待处理 is withdrawn; not a handled one, not another member’s', async (t) => {
  const { portal, app, backend, cookie } = await memberPortal(t, '13834340006');
  const other = await registerMember(backend, '13834340007');
  const [house] = listings(backend) as [number];
  const report = async (c: string) => {
    const res = await formPost(app, '/-/action/jubao', { houseId: String(house), reason: '价格不真实' }, c, true);
    t.equal(res.statusCode, 200, res.body);
    return res.json().obj.id as number;
  };
  const mine = await report(cookie);
  const handled = await report(cookie);
  const theirs = await report(cookieOf(portal, other));
  backendRun(backend, "UPDATE jubao SET status = '已处理' WHERE id = ?", handled);
  const page = await app.inject({ url: '/jubaoRecord', headers: { cookie } });
  t.equal(page.body.match(/data-testid="report-withdraw"/g)?.length, 1, '撤回 only on the pending one');

  const res = await formPost(app, '/-/action/jubao-withdraw', { id: String(mine), back: '/jubaoRecord' }, cookie);
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/jubaoRecord?notice=withdrawn');
  const ids = () => backendRows(backend, 'SELECT id FROM jubao WHERE id IN (?, ?, ?) ORDER BY id', mine, handled, theirs).map((r) => r.id);
  t.same(ids(), [handled, theirs]);
  const after = await app.inject({ url: '/jubaoRecord?notice=withdrawn', headers: { cookie } });
  t.match(after.body, /data-testid="report-notice">举报已撤回</);

  const done = await formPost(app, '/-/action/jubao-withdraw', { id: String(handled) }, cookie, true);
  t.equal(done.statusCode, 409);
  const foreign = await formPost(app, '/-/action/jubao-withdraw', { id: String(theirs) }, cookie, true);
  t.equal(foreign.statusCode, 404);
  t.same(ids(), [handled, theirs], 'nothing else removed');
});

t.test('浏览记录: the details a member opened, by day; 删除 takes one out, 清空 empties it; another member’s stay', async (t) => {
  const { portal, app, backend, cookie, member } = await memberPortal(t, '13834340009');
  const other = await registerMember(backend, '13834340010');
  const one = (sql: string) => backendRows(backend, sql)[0]?.id as number;
  const sale = one('SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 1');
  const rent = one('SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 AND status = 1 ORDER BY id LIMIT 1');
  const estate = one('SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1');
  const community = one('SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1');
  const views = (m: string) =>
    backendRows(backend, 'SELECT kind, house_id FROM view_history WHERE member_id = ? ORDER BY id', m).map(
      (r) => `${r.kind}:${r.house_id}`,
    );
  const opened = [`/ershoufang/${sale}.html`, `/zufang/${rent}.html`, `/xinfang/${estate}.html`, `/xiaoqu/${community}.html`];
  for (const url of opened) {
    const res = await app.inject({ url, headers: { cookie } });
    t.equal(res.statusCode, 200, url);
  }
  await app.inject({ url: `/xinfang/${estate}.html`, headers: { cookie: cookieOf(portal, other) } });
  // The views are recorded after the pages are sent (fire and forget, SPEC 7.4), the other member's too.
  for (let i = 0; i < 100 && (views(member.uid).length < 4 || views(other.uid).length < 1); i++)
    await new Promise((r) => setTimeout(r, 20));
  t.same(views(member.uid), [`ershoufang:${sale}`, `rent:${rent}`, `newhouse:${estate}`, `xiaoqu:${community}`], 'each with its kind');

  const page = await app.inject({ url: '/personalcenter/liulan', headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, /<title>浏览记录_/);
  t.match(page.body, /<h1 class="fav__title">浏览记录<\/h1>/);
  t.match(page.body, /<h2 class="vhist__day-title">今天<\/h2>/, 'grouped by day');
  t.equal(page.body.match(/data-testid="history-remove"/g)?.length, 4, 'a 删除 per thing, the other member’s view not among them');
  const order = [`xiaoqu/${community}.html`, `xinfang/${estate}.html`, `zufang/${rent}.html`, `ershoufang/${sale}.html`].map((h) =>
    page.body.indexOf(`href="/${h}"`),
  );
  t.ok(
    order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])),
    'newest first, each linking to its page',
  );
  t.match(page.body, /清空全部4条浏览记录/);

  const removed = await formPost(app, '/-/action/history-remove', { item: `newhouse:${estate}`, back: '/personalcenter/liulan' }, cookie);
  t.equal(removed.statusCode, 303);
  t.equal(removed.headers.location, '/personalcenter/liulan?notice=removed');
  t.same(views(member.uid), [`ershoufang:${sale}`, `rent:${rent}`, `xiaoqu:${community}`]);
  t.same(views(other.uid), [`newhouse:${estate}`], 'the other member’s view of the same estate stays');
  const again = await formPost(app, '/-/action/history-remove', { item: `newhouse:${estate}` }, cookie, true);
  t.equal(again.statusCode, 404);
  t.match(again.json(), { field: 'item', message: '该浏览记录已删除' });
  const bad = await formPost(app, '/-/action/history-remove', { item: 'villa:1' }, cookie, true);
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { field: 'item', message: '浏览记录不正确' });

  const cleared = await formPost(app, '/-/action/history-clear', { back: '/personalcenter/liulan' }, cookie);
  t.equal(cleared.statusCode, 303);
  t.equal(cleared.headers.location, '/personalcenter/liulan?notice=cleared');
  t.same(views(member.uid), []);
  t.same(views(other.uid), [`newhouse:${estate}`]);
  const empty = await app.inject({ url: '/personalcenter/liulan?notice=cleared', headers: { cookie } });
  t.match(empty.body, /data-testid="history-notice">浏览记录已清空</);
  t.match(empty.body, /data-testid="history-empty"/);
  t.match(empty.body, /href="\/ershoufang\/"[^>]*>去看看二手房/, 'the empty state says what to do next');
  t.notMatch(empty.body, /data-testid="history-clear"/, 'nothing to clear');

  const centre = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.match(centre.body, /href="\/personalcenter\/liulan"/, 'the personal centre links to it');
  const visitor = await app.inject({ url: '/personalcenter/liulan' });
  t.equal(visitor.statusCode, 302);
});

t.test('visitors are sent to log in; cross-site posts are refused', async (t) => {
  const { app, cookie } = await memberPortal(t, '13834340008');
  for (const [url, fields, back] of [
    ['/-/action/favourite-batch', { item: 'ershoufang:1' }, '/myshoucang'],
    ['/-/action/kanfang-cancel', { id: '1' }, '/personalcenter'],
    ['/-/action/gujia-delete', { id: '1' }, '/gujiajilu'],
    ['/-/action/jubao-withdraw', { id: '1' }, '/jubaoRecord'],
    ['/-/action/history-remove', { item: 'ershoufang:1' }, '/personalcenter/liulan'],
    ['/-/action/history-clear', {}, '/personalcenter/liulan'],
  ] as const) {
    const json = await formPost(app, url, fields, undefined, true);
    t.equal(json.statusCode, 401, url);
    t.ok(json.json().login, 'with the login page');
    const form = await formPost(app, url, { ...fields, back }, undefined);
    t.equal(form.statusCode, 303);
    t.equal(form.headers.location, `/login?bUrl=${encodeURIComponent(back)}`);
  }
  const foreign = await app.inject({
    method: 'POST',
    url: '/-/action/kanfang-cancel',
    payload: 'id=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', host: 'localhost', cookie },
  });
  t.equal(foreign.statusCode, 403);
});
