import t from 'tap';
import { backendRows, cookieOf, formPost, memberPortal, mergeCookies, registerMember } from '../member/helpers.ts';

/**
 * The entrustment flow through the portal (issue 17): start → search (pinyin) → address → details (with the community's
 * average) → form (member-only) → the entrustment, list, log, price change and withdrawal, as plain GET forms and posts.
 */
const FLAT = { building: '3栋', unit: '1单元', floor: '12', totalFloors: '26', room: '1202' };
const HOME = { area: '96', rooms: '3', halls: '2', toilets: '1', orientation: '南北', decoration: '精装', price: '150' };
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

async function findShidaiyuan(app: import('fastify').FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/Index/yijianweituo/search?kind=sell&q=sdy' });
  const m = /href="\/Index\/yijianweituo\/address\?kind=sell&amp;stressId=(\d+)"[^>]*><strong>时代苑</.exec(res.body);
  if (!m) throw new Error('时代苑 is not suggested for sdy');
  return m[1] as string;
}

t.test('the start page and every step: validation, 404 for an unknown community, the average price, login before the form', async (t) => {
  const { app } = await memberPortal(t, '13833330001');
  const start = await app.inject({ url: '/Index/yijianweituo' });
  t.equal(start.statusCode, 200);
  t.match(start.body, /href="\/Index\/yijianweituo\/search\?kind=sell"/);
  t.match(start.body, /href="\/Index\/yijianweituo\/search\?kind=rent"/);
  t.match(start.body, /<title>长沙一键委托/);
  t.match(start.body, /data-testid="deals"><li><span>[^<]+<\/span><span>成交\d+套<\/span><span>均价[\d,]+元\/㎡<\/span>/, 'recent deals');
  const rent = await app.inject({ url: '/Index/yijianweituo?type=rent' });
  t.match(rent.body, /class="wt-hero__choices wt-hero__choices--rent"/, "the home page's 我要出租 puts letting first");
  const home = await app.inject({ url: '/' });
  t.match(home.body, /href="\/Index\/yijianweituo"/, 'the home page leads to it');

  const stressId = await findShidaiyuan(app);
  const address = await app.inject({ url: `/Index/yijianweituo/address?kind=sell&stressId=${stressId}` });
  t.equal(address.statusCode, 200);
  t.match(address.body, /data-testid="community">[\s\S]*时代苑/);
  t.match(address.body, /noindex/);
  t.equal((await app.inject({ url: '/Index/yijianweituo/address?kind=sell&stressId=99999999' })).statusCode, 404, 'unknown community');
  const noKind = await app.inject({ url: `/Index/yijianweituo/address?stressId=${stressId}` });
  t.equal(noKind.statusCode, 400);
  t.match(noKind.body, /请选择出售或出租/);

  const base = { kind: 'sell', stressId };
  const badAddress: Array<[Record<string, string>, RegExp]> = [
    [{ ...FLAT, building: '' }, /请填写楼栋/],
    [{ ...FLAT, floor: '30' }, /所在楼层不正确/],
    [{ ...FLAT, totalFloors: 'x' }, /请填写总楼层/],
    [{ ...FLAT, room: '<b>' }, /请填写门牌号/],
  ];
  for (const [flat, message] of badAddress) {
    const res = await app.inject({ url: `/Index/yijianweituo/details?${q({ ...base, ...flat })}` });
    t.equal(res.statusCode, 400, JSON.stringify(flat));
    t.match(res.body, message);
    t.match(res.body, /href="\/Index\/yijianweituo\/address\?/, 'back to the address step');
  }
  const details = await app.inject({ url: `/Index/yijianweituo/details?${q({ ...base, ...FLAT })}` });
  t.equal(details.statusCode, 200);
  t.match(details.body, /data-testid="avg-price">时代苑(?:<!-- -->)?当前均价 <strong>[\d,]+<\/strong> 元\/㎡/);

  const form = `/Index/yijianweituo/form?${q({ ...base, ...FLAT, ...HOME })}`;
  const visitor = await app.inject({ url: form });
  t.equal(visitor.statusCode, 302, 'a visitor logs in first');
  t.equal(visitor.headers.location, `/login?bUrl=${encodeURIComponent(form)}`, 'and comes back to the filled steps');
});

t.test('submitting: checked again, typed values kept after a refusal, then 待受理 in 我的委托 and the personal centre', async (t) => {
  const { app, cookie, backend, member } = await memberPortal(t, '13833330002', '刘女士');
  const stressId = await findShidaiyuan(app);
  const fields = { kind: 'sell', stressId, ...FLAT, ...HOME };
  const back = `/Index/yijianweituo/form?${q(fields)}`;
  const page = await app.inject({ url: back, headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, /data-testid="summary"/);
  t.match(page.body, /action="\/-\/entrust\/save"/);

  const noAgree = await formPost(app, '/-/entrust/save', { ...fields, contact: '刘女士', phone: '13911112222', back }, cookie);
  t.equal(noAgree.statusCode, 303);
  t.equal(noAgree.headers.location, back);
  const again = await app.inject({ url: back, headers: { cookie: mergeCookies(cookie, noAgree.headers['set-cookie']) } });
  t.match(again.body, /data-testid="form-error">请阅读并同意用户服务协议</);
  t.match(again.body, /name="phone"[^>]*value="13911112222"/, 'what was typed is kept');
  const badPrice = await formPost(
    app,
    '/-/entrust/save',
    { ...fields, price: '0', contact: '刘女士', phone: '13911112222', agree: '1' },
    cookie,
    true,
  );
  t.equal(badPrice.statusCode, 400);
  t.match(badPrice.json(), { field: 'price', message: /期望售价/ });
  const badPhone = await formPost(app, '/-/entrust/save', { ...fields, contact: '刘女士', phone: '123', agree: '1' }, cookie, true);
  t.match(badPhone.json(), { field: 'phone' });
  const foreign = await app.inject({
    method: 'POST',
    url: '/-/entrust/save',
    payload: q({ ...fields, contact: '刘', phone: '13911112222', agree: '1' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', host: 'localhost', cookie },
  });
  t.equal(foreign.statusCode, 403, 'cross-site posts are refused');
  const visitor = await formPost(app, '/-/entrust/save', { ...fields, contact: '刘', phone: '13911112222', agree: '1', back });
  t.equal(visitor.statusCode, 303);
  t.equal(visitor.headers.location, `/login?bUrl=${encodeURIComponent(back)}`);
  t.same(backendRows(backend, 'SELECT COUNT(*) AS n FROM entrust WHERE member_id = ?', member.uid), [{ n: 0 }], 'nothing saved yet');

  const ok = await formPost(app, '/-/entrust/save', { ...fields, contact: '刘女士', phone: '13911112222', agree: '1', back }, cookie);
  t.equal(ok.statusCode, 303);
  const m = /^\/Index\/yijianweituo\/(\d+)\?ok=1$/.exec(ok.headers.location as string);
  t.ok(m, 'to the new entrustment');
  const one = await app.inject({ url: ok.headers.location as string, headers: { cookie } });
  t.equal(one.statusCode, 200);
  t.match(one.body, /data-testid="entrust-status">待受理</);
  t.match(one.body, /role="status">已保存/, 'the success is announced');
  t.match(one.body, /委托出售 · 时代苑/);
  const list = await app.inject({ url: '/Index/yijianweituo/list', headers: { cookie } });
  t.match(list.body, new RegExp(`href="/Index/yijianweituo/${m?.[1]}"`));
  const center = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.match(
    center.body,
    /href="\/Index\/yijianweituo\/list" class="pc-list__item"><span class="pc-list__label">我的委托<\/span>[\s\S]*?data-testid="count-我的委托">1</,
    'the personal centre counts it and links to the list',
  );
  t.same(backendRows(backend, 'SELECT building, room, orientation, decoration, price FROM entrust WHERE member_id = ?', member.uid), [
    { building: '3栋', room: '1202', orientation: '南北', decoration: '精装', price: 150 },
  ]);
});

t.test("price change logged, withdrawal with a reason; another member's entrustment is a 404", async (t) => {
  const { app, cookie, portal, backend } = await memberPortal(t, '13833330003');
  const stressId = await findShidaiyuan(app);
  const ok = await formPost(
    app,
    '/-/entrust/save',
    { kind: 'sell', stressId, ...FLAT, ...HOME, contact: '王先生', phone: '13911113333', agree: '1' },
    cookie,
  );
  const id = (/(\d+)\?ok=1$/.exec(ok.headers.location as string) as RegExpExecArray)[1];
  const other = cookieOf(portal, await registerMember(backend, '13833330004', '别人'));
  for (const url of [
    `/Index/yijianweituo/${id}`,
    `/Index/yijianweituo/log?id=${id}`,
    `/Index/yijianweituo/modifyprice?id=${id}`,
    `/Index/yijianweituo/removeshelf?id=${id}`,
  ]) {
    const res = await app.inject({ url, headers: { cookie: other } });
    t.equal(res.statusCode, 404, url);
    t.notMatch(res.body, /王先生|13911113333|1202/, 'none of the owner data');
  }
  const steal = await formPost(app, '/-/entrust/modifyprice', { id, price: '1' }, other, true);
  t.equal(steal.statusCode, 404);
  t.equal((await app.inject({ url: '/Index/yijianweituo/999999', headers: { cookie } })).statusCode, 404);
  t.equal((await app.inject({ url: '/Index/yijianweituo/log?id=abc', headers: { cookie } })).statusCode, 404);

  const bad = await formPost(app, '/-/entrust/modifyprice', { id, price: 'x' }, cookie, true);
  t.match(bad.json(), { field: 'price' });
  const changed = await formPost(app, '/-/entrust/modifyprice', { id, price: '142' }, cookie);
  t.equal(changed.headers.location, `/Index/yijianweituo/log?id=${id}&ok=1`);
  const log = await app.inject({ url: changed.headers.location as string, headers: { cookie } });
  t.match(log.body, /<strong>修改价格<\/strong><span>150万 → 142万<\/span>/);

  const removed = await formPost(app, '/-/entrust/removeshelf', { id, reason: '暂不出售' }, cookie);
  t.equal(removed.headers.location, `/Index/yijianweituo/${id}?ok=1`);
  const after = await app.inject({ url: `/Index/yijianweituo/log?id=${id}`, headers: { cookie } });
  t.match(after.body, /<strong>下架<\/strong><span>暂不出售<\/span>/);
  const page = await app.inject({ url: `/Index/yijianweituo/${id}`, headers: { cookie } });
  t.match(page.body, /data-testid="entrust-status">已下架</);
  t.notMatch(page.body, /房源已上架/, 'a withdrawn entrustment no longer links to a listing');
  const twice = await formPost(app, '/-/entrust/modifyprice', { id, price: '120' }, cookie, true);
  t.equal(twice.statusCode, 400);
  t.match(twice.json(), { message: /已下架/ });
});
