import t from 'tap';
import type { DealRecord, Page } from '../../src/contracts/gateway/index.ts';
import { SECTION_TYPES } from '../../src/lib/article-sections.ts';
import { assertNotFoundScreens, backendObj, backendRows, canonical, ORIGIN, portalOverBackend, title } from '../listings/helpers.ts';
import { hasSiteFooter, hasSiteHeader, one, robots, text } from './helpers.ts';

/** Issue 19, in-app pages (SPEC 2.2–2.4, 2.8, 9): the app layout, /appH5, deals, shares, rentals, estate facts and plans. */
const { portal, backend, get } = await portalOverBackend(t);

const deals = (body: object) => backendObj<Page<DealRecord>>(backend, '/api/deal/findByCondition', body);
const dealRows = (html: string) =>
  [...text(html).matchAll(/<li class="ah-deal" data-testid="deal">([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? '');

t.test('the app layout: no site header, menu or footer, an app bar with the title, noindex; page-cached', async (t) => {
  const r = await get('/appH5');
  t.equal(r.statusCode, 200);
  t.notOk(hasSiteHeader(r.body), 'no site header');
  t.notOk(hasSiteFooter(r.body), 'no site footer');
  t.notMatch(r.body, 'class="menu', 'no slide-in menu');
  t.match(r.body, /<header class="apbar" data-testid="app-bar">[\s\S]*?<h1 class="apbar__title">长沙房产<\/h1>/);
  t.equal(robots(r.body), 'noindex, follow');
  t.equal(r.headers['x-cache'], 'MISS');
  const again = await get('/appH5');
  t.equal(again.headers['x-cache'], 'HIT', 'a visitor gets the cached page the second time (SPEC 9)');
  const member = await get('/appH5', { cookie: portal.memberCookie() });
  t.equal(member.statusCode, 200);
  t.not(member.headers['x-cache'], 'HIT', "a member's request is never answered from the cache");
  t.equal(member.headers['cache-control'], 'private, no-store');
  t.equal((await get('/appH5?utm_source=app')).headers['x-cache'], 'HIT', 'query noise is answered from the cache');
  const home = await get('/');
  t.ok(hasSiteHeader(home.body) && hasSiteFooter(home.body), 'the default layout keeps its header and footer');
  t.equal(robots(home.body), null, 'and stays indexable');
});

t.test('/appH5: quick entries, the latest deals and the newest listings from the gateway', async (t) => {
  const r = await get('/appH5');
  const html = text(r.body);
  const latest = await deals({ cityId: 1, size: 5 });
  t.ok(latest.content.length === 5);
  t.match(html, `共${latest.totalElements}套 ›`);
  const rows = dealRows(r.body);
  t.equal(rows.length, 5);
  for (const [i, d] of latest.content.entries()) {
    t.match(rows[i], d.xiaoquName, `deal ${i}: community`);
    t.match(rows[i], d.dealDate, `deal ${i}: date`);
  }
  const newest = backendRows(
    backend,
    'SELECT title FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY created_at DESC, id DESC LIMIT 1',
  )[0]?.title as string;
  t.match(html, newest, 'the newest second-hand listing');
  for (const href of ['/appH5/knockdown/', '/appH5/zufang', '/fangyuanheyan']) t.match(r.body, `href="${href}"`);
  t.equal(canonical(r.body), `${ORIGIN}/appH5`);
  t.notMatch(html.replace(/<script[\s\S]*?<\/script>/g, ''), /undefined|NaN|null/, 'nothing unprintable on the page');
});

t.test('/appH5/knockdown/: deals newest first with price, unit price and date; filters by district, community and kind', async (t) => {
  const all = await deals({ cityId: 1, size: 20 });
  const r = await get('/appH5/knockdown/');
  t.equal(r.statusCode, 200);
  const rows = dealRows(r.body);
  t.equal(rows.length, 20);
  const first = all.content[0] as DealRecord;
  t.match(rows[0], first.priceText.replace(/(\d)(\d{3})元/, '$1,$2元'));
  t.match(rows[0], first.dealDate);
  t.match(text(r.body), `<dd>${all.totalElements}</dd>`, 'the total of the city');
  t.match(title(r.body), /^长沙成交记录_长沙最新成交价_湘房网$/);

  const region = one<number>(backend, 'SELECT region_id FROM deal WHERE city_id = 1 GROUP BY region_id ORDER BY COUNT(*) DESC LIMIT 1');
  const regionName = one<string>(backend, 'SELECT name FROM region WHERE id = ?', region);
  const sales = await deals({ cityId: 1, regionId: region, houseType: 11, size: 20 });
  const es = await get(`/appH5/knockdown/r${region}/es/`);
  t.equal(es.statusCode, 200);
  const esRows = dealRows(es.body);
  t.equal(esRows.length, Math.min(20, sales.totalElements));
  t.ok(
    esRows.every((row) => row.includes(`${regionName} · 二手房`) && /元\/㎡/.test(row)),
    'only sales of the district, each with its unit price',
  );
  t.equal(canonical(es.body), `${ORIGIN}/appH5/knockdown/r${region}/es/`);
  t.match(title(es.body), `${regionName}二手房成交记录`);

  const x = one<number>(backend, 'SELECT xiaoqu_id FROM deal WHERE city_id = 1 GROUP BY xiaoqu_id ORDER BY COUNT(*) DESC LIMIT 1');
  const xName = one<string>(backend, 'SELECT sname FROM xiaoqu WHERE id = ?', x);
  const xRegion = one<number>(backend, 'SELECT region_id FROM xiaoqu WHERE id = ?', x);
  const xCount = one<number>(backend, 'SELECT COUNT(*) FROM deal WHERE xiaoqu_id = ?', x);
  const xr = await get(`/appH5/knockdown/r${xRegion}/x${x}/`);
  t.equal(xr.statusCode, 200);
  t.equal(dealRows(xr.body).length, xCount, 'every deal of the community');
  t.ok(dealRows(xr.body).every((row) => row.includes(xName)));
  t.match(text(xr.body), `<h2 class="ah-sum__title">${xName}成交记录</h2>`);

  const p2 = await get('/appH5/knockdown/p2/');
  t.equal(p2.statusCode, 200);
  const page2 = await deals({ cityId: 1, page: 2, size: 20 });
  t.match(dealRows(p2.body)[0], page2.content[0]?.xiaoquName ?? '?', 'page 2 starts where the gateway says');
  t.match(title(p2.body), '_第2页_');
});

t.test('malformed or unknown deal tails are the 404 screen', async (t) => {
  const otherCityRegion = one<number>(backend, 'SELECT id FROM region WHERE city_id = 2 LIMIT 1');
  const otherCityXiaoqu = one<number>(backend, 'SELECT id FROM xiaoqu WHERE city_id = 2 LIMIT 1');
  const x = one<number>(backend, 'SELECT id FROM xiaoqu WHERE city_id = 1 LIMIT 1');
  const wrongRegion = one<number>(
    backend,
    'SELECT id FROM region WHERE city_id = 1 AND id <> (SELECT region_id FROM xiaoqu WHERE id = ?) LIMIT 1',
    x,
  );
  await assertNotFoundScreens(t, get, [
    '/appH5/knockdown/foo/',
    '/appH5/knockdown/es/r1/',
    '/appH5/knockdown/r1/r2/',
    '/appH5/knockdown/p1/',
    '/appH5/knockdown/p999/',
    '/appH5/knockdown/r0/',
    '/appH5/knockdown/r99999/',
    `/appH5/knockdown/r${otherCityRegion}/`,
    '/appH5/knockdown/x99999/',
    `/appH5/knockdown/x${otherCityXiaoqu}/`,
    `/appH5/knockdown/r${wrongRegion}/x${x}/`,
    '/appH5/knockdown//es/',
  ]);
});

t.test('/appH5/share/*: the shared listing, estate, community or article, and a button that opens the app', async (t) => {
  const listing = backendRows(
    backend,
    'SELECT id, title, price FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 1',
  )[0] as {
    id: number;
    title: string;
    price: number;
  };
  const r = await get(`/appH5/share/ershoufang/${listing.id}`);
  t.equal(r.statusCode, 200);
  const html = text(r.body);
  t.match(html, `<h2 class="ah-share__title">${listing.title}</h2>`);
  t.match(html, `${listing.price}万`);
  t.match(html, /<a href="\/downloadapp\/" class="btn btn--primary btn--block ah-share__open" data-open-app="">打开湘房网APP查看<\/a>/);
  t.match(r.body, `href="/ershoufang/${listing.id}.html"`, 'the web page of the listing');
  t.equal(canonical(r.body), `${ORIGIN}/appH5/share/ershoufang/${listing.id}`);
  t.equal(robots(r.body), 'noindex, follow');
  t.notOk(hasSiteHeader(r.body));

  const rental = one<number>(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 LIMIT 1');
  t.match((await get(`/appH5/share/zufang/${rental}.html`)).body, `href="/zufang/${rental}.html"`);
  const estate = backendRows(backend, 'SELECT id, name FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1')[0] as {
    id: number;
    name: string;
  };
  const er = await get(`/appH5/share/xinfang/${estate.id}`);
  t.match(text(er.body), `<h2 class="ah-share__title">${estate.name}</h2>`);
  t.match(er.body, `href="/xinfang/${estate.id}.html"`);
  const xq = backendRows(backend, 'SELECT id, sname FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1')[0] as { id: number; sname: string };
  t.match(text((await get(`/appH5/share/xiaoqu/${xq.id}`)).body), `<h2 class="ah-share__title">${xq.sname}</h2>`);
  const doc = backendRows(backend, 'SELECT id, title FROM info_doc WHERE city_id = 1 ORDER BY id LIMIT 1')[0] as {
    id: number;
    title: string;
  };
  const dr = await get(`/appH5/share/zixun/${doc.id}`);
  t.equal(dr.statusCode, 200);
  t.match(text(dr.body), doc.title);
  const guide = one<number>(
    backend,
    `SELECT id FROM info_doc WHERE city_id = 1 AND type_id IN (${SECTION_TYPES.daogou.join(',')}) ORDER BY id LIMIT 1`,
  );
  const gr = await get(`/appH5/share/zixun/${guide}`);
  t.match(text(gr.body), '<span class="ah-share__kind">导购</span>');
  t.match(gr.body, `href="/daogou/${guide}.html"`, 'a shared buying guide links to its /daogou/ page');
  t.equal((await get(`/daogou/${guide}.html`)).statusCode, 200, 'which exists');

  const otherCity = one<number>(backend, 'SELECT id FROM listing WHERE city_id = 2 AND house_type = 11 LIMIT 1');
  await assertNotFoundScreens(t, get, [
    '/appH5/share/foo/1',
    '/appH5/share/ershoufang/abc',
    '/appH5/share/ershoufang/01',
    `/appH5/share/ershoufang/${rental}`,
    `/appH5/share/ershoufang/${otherCity}`,
    '/appH5/share/ershoufang/99999',
    '/appH5/share/xinfang/99999',
    '/appH5/share/zixun/99999',
    '/appH5/share/ershoufang/1/2',
  ]);
});

t.test('issue 34: bare /appH5/share says what can be shared, kind by kind, with counts, lists and example share links', async (t) => {
  const r = await get('/appH5/share');
  t.equal(r.statusCode, 200, 'SPEC 2.2 lists /appH5/share: it is a page, not the 404 screen');
  const html = text(r.body);
  t.match(html, '<h2 class="ah-sec__title">可以分享的内容</h2>');
  t.notOk(hasSiteHeader(r.body), 'the app layout');
  t.equal(robots(r.body), 'noindex, follow');
  const rows = [...html.matchAll(/<li class="ah-kind" data-kind="([a-z]+)">([\s\S]*?)<\/li>/g)].map((m) => ({
    kind: m[1] as string,
    body: m[2] as string,
  }));
  t.same(
    rows.map((x) => x.kind),
    ['ershoufang', 'xinfang', 'zufang', 'xiaoqu', 'shangpucs', 'shangpucz', 'xieziloucs', 'xieziloucz', 'zixun'],
    'every kind a share link accepts',
  );
  const names: Record<string, string> = { ershoufang: '二手房', xinfang: '新房', zufang: '租房', xiaoqu: '小区', zixun: '资讯' };
  const counts: Record<string, number> = {
    ershoufang: (await backendObj<Page<object>>(backend, '/api/house/search/findByCondition', { cityId: 1, houseType: 11, size: 1 }))
      .totalElements,
    xinfang: (await backendObj<Page<object>>(backend, '/api/house/findListByWap', { cityId: 1, size: 1 })).totalElements,
  };
  for (const { kind, body } of rows) {
    if (names[kind]) t.match(body, `<b>${names[kind]}</b>`, `${kind}: named`);
    t.match(
      body,
      new RegExp(`<a href="/${kind}/" class="ah-sec__more">长沙共(\\d+)[套个篇] ›</a>`),
      `${kind}: its list, with the city's count`,
    );
    if (counts[kind] !== undefined) t.match(body, `长沙共${counts[kind]}`, `${kind}: the gateway's count`);
    t.match(body, '卡片展示：', `${kind}: what the friend's card shows`);
    const example = /示例：<a href="(\/appH5\/share\/[a-z]+\/\d+)">/.exec(body)?.[1];
    t.ok(example?.startsWith(`/appH5/share/${kind}/`), `${kind}: an example share link`);
    if (example) {
      const er = await get(example);
      t.equal(er.statusCode, 200, `${example} is a real share page`);
      t.match(er.body, 'data-testid="shared-thing"');
    }
  }
  t.match(title(r.body), /^分享房源给好友_二手房_新房_租房_小区_湘房网APP$/, 'head from the data');
  t.equal(canonical(r.body), `${ORIGIN}/appH5/share`);
  t.equal((await get('/appH5/share/')).statusCode, 200, 'with a trailing slash too');
  t.equal((await get('/appH5/share')).headers['x-cache'], 'HIT', 'page-cached');
});

t.test('/appH5/zufang: rentals newest first, whole or shared, paged; bad input is the 404 screen', async (t) => {
  const total = one<number>(backend, 'SELECT COUNT(*) FROM listing WHERE city_id = 1 AND house_type = 12 AND status = 1');
  const r = await get('/appH5/zufang');
  t.equal(r.statusCode, 200);
  t.match(text(r.body), `共${total}套在租房源`);
  t.equal((r.body.match(/元\/月/g) ?? []).length >= 10, true, 'ten rentals priced by the month');
  t.notOk(hasSiteHeader(r.body));
  const shared = await get(`/appH5/zufang?rentType=${encodeURIComponent('合租')}`);
  const sharedTotal = one<number>(
    backend,
    "SELECT COUNT(*) FROM listing WHERE city_id = 1 AND house_type = 12 AND status = 1 AND rent_type = '合租'",
  );
  t.match(text(shared.body), `共${sharedTotal}套在租房源`);
  t.notMatch(shared.body, '>整租</span>', 'no whole-flat badge in the shared list');
  t.equal((await get('/appH5/zufang?page=2')).statusCode, 200);
  await assertNotFoundScreens(t, get, ['/appH5/zufang?rentType=bad', '/appH5/zufang?page=0', '/appH5/zufang?page=999']);
});

t.test("/appH5/polte/allInfo/{id}.html and /appH5/polte/huxing/{id}.html: an estate's facts and its floor plans", async (t) => {
  const e = backendRows(backend, 'SELECT * FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 1')[0] as Record<string, string | number>;
  const r = await get(`/appH5/polte/allInfo/${e.id}.html`);
  t.equal(r.statusCode, 200);
  const html = text(r.body);
  for (const v of [e.developer, e.property_company, `${e.green_rate}%`, `${e.term_years}年`, e.address])
    t.match(html, `<b>${v}</b>`, String(v));
  t.equal(robots(r.body), 'noindex, follow');
  t.notOk(hasSiteHeader(r.body));
  const permit = one<string>(backend, 'SELECT permit_no FROM yushou WHERE loupan_id = ? LIMIT 1', e.id);
  t.match(html, permit, 'the presale permits');
  t.equal((await get(`/appH5/polte/allInfo?id=${e.id}`)).statusCode, 200, 'the query twin');

  const plans = backendRows(backend, 'SELECT id, name FROM huxing WHERE loupan_id = ? ORDER BY id', e.id) as Array<{
    id: number;
    name: string;
  }>;
  const h = await get(`/appH5/polte/huxing/${e.id}.html`);
  t.equal(h.statusCode, 200);
  t.match(text(h.body), `共${plans.length}个户型`);
  for (const p of plans) t.match(h.body, `href="/huxing/${p.id}.html"`, p.name);

  const other = one<number>(backend, 'SELECT id FROM loupan WHERE city_id = 2 LIMIT 1');
  await assertNotFoundScreens(t, get, [
    '/appH5/polte/allInfo/99999.html',
    '/appH5/polte/allInfo/abc.html',
    '/appH5/polte/allInfo',
    `/appH5/polte/allInfo/${other}.html`,
    '/appH5/polte/huxing/99999.html',
    '/appH5/polte/huxing?id=x',
    `/appH5/polte/huxing/${other}.html`,
  ]);
});
