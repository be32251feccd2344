import t from 'tap';
import { backendRows, cookieOf, formPost, memberPortal, registerMember } from '../member/helpers.ts';

/** The free valuation end to end over the embedded gateway (issue 16 part B; SPEC 2.2 /fangjia/gujia, /fangjia/gjinfo, /gjabout). */

const home = { area: '89', rooms: '3', floor: '8', totalFloors: '18', orientation: '南北', decoration: '精装' };
const gjinfo = (fields: Record<string, string>) => `/fangjia/gjinfo?${new URLSearchParams(fields).toString()}`;
const totalOf = (body: string) => /data-testid="gj-total">([\d.]+)</.exec(body)?.[1];

t.test('valuation pages', async (t) => {
  const { app, backend, member, cookie, portal } = await memberPortal(t, '13811115501');
  const other = await registerMember(portal.backend, '13811115502', '另一位会员');
  const otherCookie = cookieOf(portal, other);
  const xq = backendRows(
    backend,
    `SELECT x.id, x.name FROM xiaoqu x WHERE x.city_id = 1 AND (SELECT COUNT(*) FROM listing l WHERE l.xiaoqu_id = x.id AND l.house_type = 11 AND l.status = 1 AND l.area BETWEEN 71.2 AND 106.8) > 0 ORDER BY x.id LIMIT 1`,
  )[0] as { id: number; name: string };
  const valuationCount = () => (backendRows(backend, 'SELECT COUNT(*) AS n FROM valuation')[0] as { n: number }).n;

  t.test('the form page: a community search first, with pinyin matches that pick the community', async (t) => {
    const res = await app.inject({ url: '/fangjia/gujia' });
    t.equal(res.statusCode, 200);
    t.match(res.body, '第一步：选择您的小区');
    t.match(res.body, /<form[^>]*action="\/fangjia\/gujia"[^>]*method="get"/);
    t.match(res.body, '<link rel="canonical" href="http://');
    t.match(res.body, '"@type":"WebApplication"');
    const search = await app.inject({ url: `/fangjia/gujia?q=${encodeURIComponent('sdy')}` });
    t.equal(search.statusCode, 200);
    t.match(search.body, /href="\/fangjia\/gujia\?stressId=\d+"><strong>时代苑/);
    const none = await app.inject({ url: `/fangjia/gujia?q=${encodeURIComponent('没有这个小区')}` });
    t.match(none.body, '没有找到');
  });

  t.test('a picked community shows the home form, posting by GET to /fangjia/gjinfo', async (t) => {
    const res = await app.inject({ url: `/fangjia/gujia?stressId=${xq.id}` });
    t.equal(res.statusCode, 200);
    t.match(res.body, xq.name);
    t.match(res.body, /<form[^>]*action="\/fangjia\/gjinfo"[^>]*method="get"/);
    for (const name of ['area', 'rooms', 'floor', 'totalFloors', 'orientation', 'decoration']) t.match(res.body, `name="${name}"`);
    t.equal((await app.inject({ url: '/fangjia/gujia?stressId=99999999' })).statusCode, 404, 'unknown community');
    t.equal((await app.inject({ url: '/fangjia/gujia?stressId=abc' })).statusCode, 404, 'malformed id');
  });

  t.test("a visitor's valuation: range, unit price, derivation, comparables, recent prices; not kept", async (t) => {
    const before = valuationCount();
    const url = gjinfo({ stressId: String(xq.id), ...home });
    const res = await app.inject({ url });
    t.equal(res.statusCode, 200);
    t.match(res.body, /data-testid="gj-range">参考区间 (<!-- -->)?[\d.]+(<!-- -->)?万 - (<!-- -->)?[\d.]+(<!-- -->)?万/);
    t.match(res.body, /data-testid="gj-unit">单价 (<!-- -->)?[\d,]+(<!-- -->)? 元\/㎡/);
    for (const kind of ['楼层', '朝向', '装修', '房龄', '面积'])
      t.match(res.body, new RegExp(`${kind}(<!-- -->)?：`), `derivation shows ${kind}`);
    t.match(res.body, '中高楼层');
    t.match(res.body, /data-testid="gj-comparables"[\s\S]*href="\/ershoufang\/\d+\.html"/);
    t.match(res.body, 'data-testid="gj-prices"');
    t.match(res.body, 'href="/Index/yijianweituo"');
    t.match(res.body, /<form[^>]*data-testid="gj-save"[^>]*action="\/-\/action\/gujia"[^>]*method="post"/, 'a form to keep it');
    t.match(res.body, '登录后保存到估价记录', 'which first logs the visitor in (the action sends them to login and back)');
    t.match(res.body, 'name="robots" content="noindex, nofollow"');
    t.equal(valuationCount(), before, "a visitor's valuation is kept in nobody's records");
    t.equal(totalOf((await app.inject({ url })).body), totalOf(res.body), 'the same inputs give the same figure');
    const better = await app.inject({ url: gjinfo({ stressId: String(xq.id), ...home, decoration: '豪装' }) });
    t.ok(Number(totalOf(better.body)) > Number(totalOf(res.body)), '豪装 values higher than 精装');
  });

  t.test('inputs outside the rules are refused with a message', async (t) => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ area: '5' }, 400, '面积须在10-1000㎡之间'],
      [{ area: '1001' }, 400, '面积须在10-1000㎡之间'],
      [{ area: '1e2' }, 400, '请填写面积'],
      [{ rooms: '10' }, 400, '居室须在1-9室之间'],
      [{ floor: '19' }, 400, '所在楼层须在1层与总楼层之间'],
      [{ orientation: '上' }, 400, '请选择朝向'],
      [{ decoration: '清水' }, 400, '请选择装修'],
      [{ stressId: '' }, 400, '请先选择小区'],
      [{ stressId: '99999999' }, 404, '小区不存在'],
    ];
    for (const [change, status, message] of cases) {
      const res = await app.inject({ url: gjinfo({ stressId: String(xq.id), ...home, ...change }) });
      t.equal(res.statusCode, status, JSON.stringify(change));
      t.match(res.body, message);
      t.match(res.body, '返回修改');
    }
  });

  t.test('the gateway validates strictly: no type coercion, floor within the building', async (t) => {
    const post = (body: object) =>
      fetch(`${backend.url}/api/gujia/estimate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ status: number; message: string }>);
    const ok = { stressId: xq.id, area: 89, rooms: 3, floor: 8, totalFloors: 18, orientation: '南北', decoration: '精装' };
    t.equal((await post(ok)).status, 200);
    t.equal((await post({ ...ok, area: '89' })).status, 400, 'a string area');
    t.equal((await post({ ...ok, rooms: 3.5 })).status, 400);
    t.match(await post({ ...ok, floor: 19 }), { status: 400, message: '所在楼层须在1层与总楼层之间' });
    t.match(await post({ ...ok, stressId: 99999999 }), { status: 404, message: '小区不存在' });
  });

  t.test("a member's valuation is kept, listed in 估价记录 and re-opened; only by its member", async (t) => {
    const before = valuationCount();
    const fields = { stressId: String(xq.id), ...home, area: '77.5' };
    const url = gjinfo(fields);
    // Issue 33: opening the result (a GET, even from another site's link) saves nothing; its form does.
    const res = await app.inject({ url, headers: { cookie, referer: 'https://elsewhere.example/' } });
    t.equal(res.statusCode, 200);
    t.match(res.body, /<form[^>]*data-testid="gj-save"[^>]*action="\/-\/action\/gujia"[^>]*method="post"/, 'the result offers to keep it');
    t.match(res.body, '保存到估价记录');
    t.equal(valuationCount(), before, 'a GET keeps nothing');
    const foreign = await app.inject({
      method: 'POST',
      url: '/-/action/gujia',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example', host: 'localhost', cookie },
    });
    t.equal(foreign.statusCode, 403, "another site's form cannot save");
    t.equal(valuationCount(), before);
    const saved = await formPost(app, '/-/action/gujia', { ...fields, back: url }, cookie);
    t.equal(saved.statusCode, 303);
    t.match(saved.headers.location, /^\/fangjia\/gjinfo\?id=\d+$/, 'to the kept valuation');
    t.equal(valuationCount(), before + 1, 'the post keeps it');
    await formPost(app, '/-/action/gujia', { ...fields, back: url }, cookie);
    t.equal(valuationCount(), before + 1, 'kept once: the same valuation again adds nothing');
    const bad = await formPost(app, '/-/action/gujia', { ...fields, area: '5' }, cookie, true);
    t.equal(bad.statusCode, 400);
    t.match(bad.json(), { message: /面积/ }, 'a bad field is refused with its message');
    const visitor = await formPost(app, '/-/action/gujia', { ...fields, back: url });
    t.equal(visitor.statusCode, 303);
    t.equal(visitor.headers.location, `/login?bUrl=${encodeURIComponent(url)}`, 'a visitor logs in and comes back to the result');
    const id = (
      backendRows(backend, `SELECT id FROM valuation WHERE member_id = '${member.uid}' ORDER BY id DESC LIMIT 1`)[0] as { id: number }
    ).id;
    t.equal(saved.headers.location, `/fangjia/gjinfo?id=${id}`);
    const list = await app.inject({ url: '/gujiajilu', headers: { cookie } });
    t.match(list.body, new RegExp(`href="/fangjia/gjinfo\\?id=${id}"[^>]*>${xq.name}`));
    t.match(list.body, /77\.5(<!-- -->)?㎡/);
    const again = await app.inject({ url: `/fangjia/gjinfo?id=${id}`, headers: { cookie } });
    t.equal(again.statusCode, 200);
    t.equal(totalOf(again.body), totalOf(res.body), 're-opened with the same figure');
    t.equal(valuationCount(), before + 1, 're-opening keeps no new record');
    t.equal((await app.inject({ url: `/fangjia/gjinfo?id=${id}`, headers: { cookie: otherCookie } })).statusCode, 404, "another member's");
    t.equal((await app.inject({ url: `/fangjia/gjinfo?id=${id}` })).statusCode, 404, 'a visitor');
    t.equal((await app.inject({ url: '/fangjia/gjinfo?id=99999999', headers: { cookie } })).statusCode, 404, 'unknown record');
    t.equal((await app.inject({ url: '/fangjia/gjinfo?id=x1', headers: { cookie } })).statusCode, 404, 'malformed record id');
    t.notMatch(
      (await app.inject({ url: '/gujiajilu', headers: { cookie: otherCookie } })).body,
      'data-testid="valuations"',
      "not in anyone else's records",
    );
  });

  t.test('/gjabout explains the method', async (t) => {
    const res = await app.inject({ url: '/gjabout' });
    t.equal(res.statusCode, 200);
    t.match(res.body, '估价说明');
    t.match(res.body, '豪装高7%');
    t.match(res.body, 'href="/fangjia/gujia"');
    t.match(res.body, '"@type":"BreadcrumbList"');
  });
});
