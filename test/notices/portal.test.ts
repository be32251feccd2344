import t from 'tap';
import { backendRows, formPost, memberPortal } from '../member/helpers.ts';
import { gatewayPost, listEntrustedHome } from './helpers.ts';

/**
 * Issue 37 part 3 on the portal: 保存搜索 on the action road (member-only, a visitor sent to log in and back to the
 * list with ?baocun=1), the message centre /personalcenter/xiaoxi (member-only, never cached, 404 for a malformed
 * page), its writes, the header badge and 我的收藏's drops.
 */

t.test('保存搜索: a member saves the canonical list; a visitor goes to log in and comes back to the list', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13811370001', '找房人');
  // A visitor: JSON gets 401 with the login address; a plain form post goes there.
  const anon = await formPost(
    app,
    '/-/action/saved-search',
    { url: '/ershoufang/p3/', wants: 'new', back: '/ershoufang/p3/?baocun=1' },
    undefined,
    true,
  );
  t.equal(anon.statusCode, 401);
  t.equal(anon.json().login, `/login?bUrl=${encodeURIComponent('/ershoufang/p3/?baocun=1')}`, 'login, then back to the list to save');
  const anonForm = await formPost(app, '/-/action/saved-search', {
    url: '/ershoufang/p3/',
    wants: 'new',
    back: '/ershoufang/p3/?baocun=1',
  });
  t.equal(anonForm.statusCode, 303);
  t.match(anonForm.headers.location, /^\/login\?bUrl=/);
  // Back on the list after the login, the form is open to be sent.
  const back = await app.inject({ url: '/ershoufang/p3/?baocun=1', headers: { cookie } });
  t.equal(back.statusCode, 200);
  t.match(back.body, /<details class="svs" open=""/, 'the 保存搜索 form is open');
  // The member's plain post: 303 back to the list, saved with the list's own filter.
  const saved = await formPost(
    app,
    '/-/action/saved-search',
    { url: '/ershoufang/p3/', name: '', wants: ['new', 'drop'], sms: '1' },
    cookie,
  );
  t.equal(saved.statusCode, 303);
  t.equal(saved.headers.location, '/ershoufang/p3/?notice=search-saved');
  const list = (await (await fetch(`${backend.url}/api/savedSearch/list/${member.uid}`)).json()) as {
    obj: Array<{ url: string; name: string; wantNew: boolean; wantDrop: boolean; sms: boolean }>;
  };
  t.equal(list.obj.length, 1);
  t.match(list.obj[0], { url: '/ershoufang/p3/', wantNew: true, wantDrop: true, sms: true });
  t.match(list.obj[0].name, /长沙二手房/, 'a name is made from the list when none is typed');
  const page = await app.inject({ url: '/ershoufang/p3/?notice=search-saved', headers: { cookie } });
  t.match(page.body, '已保存搜索');
  // Refusals, in Chinese.
  const none = await formPost(app, '/-/action/saved-search', { url: '/ershoufang/p3/' }, cookie, true);
  t.equal(none.statusCode, 400);
  t.equal(none.json().message, '请至少选择新房源或降价中的一项');
  const notList = await formPost(app, '/-/action/saved-search', { url: '/xiaoqu/', wants: 'new' }, cookie, true);
  t.equal(notList.statusCode, 400);
  t.equal(notList.json().message, '只能保存新房、二手房、租房和商业房源的列表');
  const badTail = await formPost(app, '/-/action/saved-search', { url: '/ershoufang/zz99x/', wants: 'new' }, cookie, true);
  t.equal(badTail.statusCode, 400);
  t.equal(badTail.json().message, '搜索条件不正确');
  const long = await formPost(app, '/-/action/saved-search', { url: '/ershoufang/', wants: 'new', name: '名'.repeat(31) }, cookie, true);
  t.equal(long.json().message, '名称不能超过30个字');
  const foreign = await app.inject({
    method: 'POST',
    url: '/-/action/saved-search',
    payload: { url: '/ershoufang/', wants: ['new'] },
    headers: { cookie, origin: 'https://evil.example', host: 'localhost', accept: 'application/json' },
  });
  t.equal(foreign.statusCode, 403, 'another site cannot save a search for the member');
});

t.test('保存搜索 on the new-home list: the canonical list is saved with the estate list’s own filter', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13811370002', '看新房的人');
  const regions = (await (await fetch(`${backend.url}/api/loupanregion/findByCityId/1`)).json()) as {
    obj: Array<{ regionId: number; regionName: string }>;
  };
  const yuelu = regions.obj.find((r) => r.regionName === '岳麓区') as { regionId: number };
  // a later page of the list is the same search: its canonical path without the page
  const saved = await formPost(app, '/-/action/saved-search', { url: '/xinfang/yuelu/t1p4pg2/', wants: ['new', 'drop'] }, cookie);
  t.equal(saved.statusCode, 303);
  t.equal(saved.headers.location, '/xinfang/yuelu/t1p4/?notice=search-saved');
  const list = (await (await fetch(`${backend.url}/api/savedSearch/list/${member.uid}`)).json()) as {
    obj: Array<{ list: string; url: string; name: string }>;
  };
  t.match(list.obj[0], { list: 'xinfang', url: '/xinfang/yuelu/t1p4/', name: '长沙岳麓区住宅均价1-1.5万新房' });
  const stored = backendRows(backend, 'SELECT filter FROM saved_search WHERE member_id = ?', member.uid);
  t.same(JSON.parse(stored[0].filter as string), { cityId: 1, regionId: yuelu.regionId, typeCode: 1, priceMin: 10000, priceMax: 15000 });
  const bad = await formPost(app, '/-/action/saved-search', { url: '/xinfang/zz99x/', wants: 'new' }, cookie, true);
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().message, '搜索条件不正确');
  const page = await app.inject({ url: '/xinfang/yuelu/t1p4/?notice=search-saved', headers: { cookie } });
  t.match(page.body, '已保存搜索', 'the list says so');
});

t.test('the message centre: member-only, never cached, notices newest first, read, delete, settings', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13811370002', '看房人');
  const anon = await app.inject('/personalcenter/xiaoxi');
  t.equal(anon.statusCode, 302);
  t.equal(anon.headers.location, `/login?bUrl=${encodeURIComponent('/personalcenter/xiaoxi')}`);
  t.equal((await app.inject({ url: '/personalcenter/xiaoxi?page=abc', headers: { cookie } })).statusCode, 404, 'a malformed page is 404');
  t.equal((await app.inject({ url: '/personalcenter/xiaoxi?page=9', headers: { cookie } })).statusCode, 404, 'a page past the last is 404');
  const empty = await app.inject({ url: '/personalcenter/xiaoxi', headers: { cookie } });
  t.equal(empty.statusCode, 200);
  t.equal(empty.headers['cache-control'], 'private, no-store');
  t.match(empty.body, 'data-testid="notices-empty"');

  t.equal(
    (await formPost(app, '/-/action/saved-search', { url: '/ershoufang/', name: '全城二手房', wants: 'new' }, cookie)).statusCode,
    303,
  );
  await listEntrustedHome(backend.url, 'owner-portal', 101);
  await listEntrustedHome(backend.url, 'owner-portal', 102);
  const page = await app.inject({ url: '/personalcenter/xiaoxi', headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.notMatch(page.body, /undefined|NaN|null/, 'nothing prints undefined, null or NaN');
  t.match(page.body, '2条未读');
  const titles = [...page.body.matchAll(/<b class="ntc__title">([^<]+)<\/b>/g)].map((m) => m[1]);
  t.same(titles, ['「全城二手房」有新房源', '「全城二手房」有新房源'], 'unread notices in bold');
  t.ok(page.body.indexOf('102万') < page.body.indexOf('101万'), 'newest first');
  t.match(page.body, /class="hd__badge">2</, "the header's badge counts the unread notices");
  t.match(page.body, 'data-testid="saved-search"');

  const notices = (await (await fetch(`${backend.url}/api/notice/list/${member.uid}`)).json()) as {
    obj: { content: Array<{ id: number; url: string }> };
  };
  const [newest, older] = notices.obj.content;
  // Opening one marks it read and goes on to its listing.
  const open = await formPost(app, '/-/action/notice-read', { id: String(newest.id), back: newest.url }, cookie);
  t.equal(open.statusCode, 303);
  t.equal(open.headers.location, newest.url);
  const after = await app.inject({ url: '/personalcenter/xiaoxi', headers: { cookie } });
  t.match(after.body, '1条未读');
  t.equal([...after.body.matchAll(/<b class="ntc__title">/g)].length, 1, 'the opened one is no longer bold');
  // Not the member's: not found.
  const foreignRead = await formPost(app, '/-/action/notice-read', { id: '999999', back: '/personalcenter/xiaoxi' }, cookie, true);
  t.equal(foreignRead.statusCode, 404);
  t.equal(foreignRead.json().message, '消息不存在');
  // Delete one, then all read.
  const del = await formPost(app, '/-/action/notice-delete', { id: String(older.id), back: '/personalcenter/xiaoxi' }, cookie);
  t.equal(del.headers.location, '/personalcenter/xiaoxi?notice=deleted');
  const all = await formPost(app, '/-/action/notice-read', { back: '/personalcenter/xiaoxi' }, cookie);
  t.equal(all.headers.location, '/personalcenter/xiaoxi?notice=all-read');
  const done = await app.inject({ url: '/personalcenter/xiaoxi?notice=all-read', headers: { cookie } });
  t.match(done.body, '全部消息已读');
  t.equal([...done.body.matchAll(/data-testid="notice"/g)].length, 1, 'one notice left');
  t.notMatch(done.body, 'class="hd__badge"', 'no unread: no number on the badge');

  // Settings: quiet hours and SMS; a search switched off, then deleted.
  const bad = await formPost(
    app,
    '/-/action/notice-settings',
    { sms: '1', quiet: '1', quietFrom: '22:00', quietTo: '22:00' },
    cookie,
    true,
  );
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().message, '免打扰的开始和结束时间不能相同');
  const set = await formPost(
    app,
    '/-/action/notice-settings',
    { quiet: '1', quietFrom: '21:30', quietTo: '07:00', back: '/personalcenter/xiaoxi' },
    cookie,
  );
  t.equal(set.statusCode, 303);
  const settings = (await (await fetch(`${backend.url}/api/notice/settings/${member.uid}`)).json()) as { obj: object };
  t.same(settings.obj, { sms: false, quiet: true, quietFrom: '21:30', quietTo: '07:00' });
  // Quiet hours are chosen on Beijing's 24-hour clock, whatever the phone's locale (no 上午/下午 time input).
  const centre = (await app.inject({ url: '/personalcenter/xiaoxi', headers: { cookie } })).body;
  const chosen = (name: string) => centre.match(new RegExp(`<select[^>]*name="${name}"[^>]*>.*?<option value="([^"]+)" selected=""`))?.[1];
  t.same([chosen('quietFrom'), chosen('quietTo')], ['21:30', '07:00']);
  t.equal(
    [...(centre.match(/<select[^>]*name="quietFrom"[^>]*>.*?<\/select>/)?.[0] ?? '').matchAll(/<option /g)].length,
    48,
    'every half hour',
  );
  t.notMatch(centre, 'type="time"');
  const search = ((await (await fetch(`${backend.url}/api/savedSearch/list/${member.uid}`)).json()) as { obj: Array<{ id: number }> })
    .obj[0];
  const off = await formPost(
    app,
    '/-/action/saved-search-toggle',
    { id: String(search.id), enabled: '0', back: '/personalcenter/xiaoxi' },
    cookie,
  );
  t.equal(off.headers.location, '/personalcenter/xiaoxi?notice=search-off');
  await listEntrustedHome(backend.url, 'owner-portal', 103);
  const quiet = (await (await fetch(`${backend.url}/api/notice/unread/${member.uid}`)).json()) as { obj: { total: number } };
  t.equal(quiet.obj.total, 0, 'a search switched off fires no more');
  const gone = await formPost(app, '/-/action/saved-search-delete', { id: String(search.id), back: '/personalcenter/xiaoxi' }, cookie);
  t.equal(gone.headers.location, '/personalcenter/xiaoxi?notice=search-deleted');
  const again = await formPost(app, '/-/action/saved-search-delete', { id: String(search.id) }, cookie, true);
  t.equal(again.statusCode, 404);
  t.equal(again.json().message, '保存的搜索不存在');
});

t.test('我的收藏 shows a favourite’s drop since it was saved, and sorts drops first on request', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13811370003', '收藏者');
  const entrust = await listEntrustedHome(backend.url, 'owner-fav', 120);
  const other = (
    await gatewayPost(backend.url, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 3, sort: 'priceAsc' })
  ).obj.content[0].houseId as number;
  const mine = (await gatewayPost(backend.url, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 5, sort: 'newest' }))
    .obj.content[0].houseId as number;
  for (const id of [mine, other]) {
    const r = await formPost(app, '/-/action/favourite', { houseId: String(id), kind: 'ershoufang' }, cookie);
    t.equal(r.statusCode, 303);
  }
  t.equal((await gatewayPost(backend.url, '/api/entrust/modifyPrice', { id: entrust, memberId: 'owner-fav', price: 108 })).status, 200);
  const page = await app.inject({ url: '/myshoucang?kind=ershoufang', headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, /降价<!-- -->12<!-- -->万/);
  t.match(page.body, /收藏时<!-- -->120<!-- -->万<!-- --> → 现<!-- -->108<!-- -->万/);
  t.equal([...page.body.matchAll(/data-testid="fav-drop"/g)].length, 1, 'only the favourite that dropped');
  // 降价优先: the drop first, whatever the order of saving.
  const order = (body: string) => [...body.matchAll(/name="item" value="ershoufang:(\d+)"/g)].map((m) => Number(m[1]));
  t.same(order(page.body).sort(), [mine, other].sort());
  const sorted = await app.inject({ url: '/myshoucang?kind=ershoufang&sort=drop', headers: { cookie } });
  t.same(order(sorted.body), [mine, other], '降价优先');
  t.match(sorted.body, /class="is-on"[^>]*>降价优先/);
  const notices = (await (await fetch(`${backend.url}/api/notice/list/${member.uid}`)).json()) as {
    obj: { content: Array<{ text: string }> };
  };
  t.match(notices.obj.content[0].text, '降价12万，120万 → 108万', 'and the member got a notice');
});

t.test('我的收藏 shows a favourite estate’s drop in 参考均价 after the console lowers it', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13811370004', '收藏楼盘的人');
  const estates = (await gatewayPost(backend.url, '/api/house/findListByWap', { cityId: 1, size: 2 })).obj.content as Array<{
    houseId: number;
    price: number;
  }>;
  for (const e of estates) {
    const r = await formPost(app, '/-/action/favourite', { houseId: String(e.houseId), kind: 'newhouse' }, cookie);
    t.equal(r.statusCode, 303);
  }
  const [dropped, kept] = estates;
  const to = dropped.price - 800;
  t.equal(
    (await gatewayPost(backend.url, '/api/house/console/update', { houseId: dropped.houseId, price: to, actor: '新房控制台' })).status,
    200,
  );
  const page = await app.inject({ url: '/myshoucang?kind=newhouse&sort=drop', headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, /降价<!-- -->800<!-- -->元\/㎡/);
  t.match(page.body, new RegExp(`收藏时<!-- -->${dropped.price}<!-- -->元/㎡<!-- --> → 现<!-- -->${to}<!-- -->元/㎡`));
  t.equal([...page.body.matchAll(/data-testid="fav-drop"/g)].length, 1, 'only the estate that dropped');
  const order = [...page.body.matchAll(/name="item" value="newhouse:(\d+)"/g)].map((m) => Number(m[1]));
  t.same(order, [dropped.houseId, kept.houseId], '降价优先');
  const notices = (await (await fetch(`${backend.url}/api/notice/list/${member.uid}`)).json()) as {
    obj: { content: Array<{ title: string; text: string; url: string }> };
  };
  t.match(notices.obj.content[0], { title: '收藏的楼盘降价了', url: `/xinfang/${dropped.houseId}.html` });
  t.match(notices.obj.content[0].text, `均价降800元/㎡，${dropped.price}元/㎡ → ${to}元/㎡`);
});
