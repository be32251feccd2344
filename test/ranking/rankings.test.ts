import t from 'tap';
import type { LoupanItem, XiaoquItem } from '../../src/contracts/gateway/index.ts';
import { backendObj, canonical, description, ORIGIN, portalOverBackend, title } from '../listings/helpers.ts';
import { jsonLd, portalWithFailingCalls } from '../xiaoqu/helpers.ts';
import { hrefs, rankRows, section } from './helpers.ts';

/** Issue 15 part C: the rankings /bangdan, /bangdan/{regionId}/sqbd, /rankingList/*, /indextype/* (SPEC 2.1-2.4, 7.3, 7.5, 9). */
const { backend, get } = await portalOverBackend(t);
const noComments = (html: string) => html.replaceAll('<!-- -->', '');
type Ld = Record<string, unknown> & { itemListElement?: Array<{ name: string; url?: string; item?: string }> };
const ld = (html: string, type: string) => jsonLd(html).filter((l) => l['@type'] === type) as Ld[];
const areas = await backendObj<Array<{ regionId: number; regionName: string; avgPrice: number; deals: number }>>(
  backend,
  '/api/housePrice/area/city/1',
);
const region = areas[0] as { regionId: number; regionName: string; avgPrice: number; deals: number };

t.test('/bangdan: the top 5 of every ranking, the districts with price, change and deals; canonical and JSON-LD', async (t) => {
  const r = await get('/bangdan');
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  for (const name of ['热门小区榜', '人气楼盘榜', '房价涨幅榜', '房价跌幅榜']) t.match(html, `<h2 class="block__title">${name}</h2>`, name);
  const hot = rankRows(section(html, 'board-remenxiaoqu'));
  t.equal(hot.length, 5, 'five hot communities');
  const top = await backendObj<XiaoquItem[]>(backend, '/api/hotStress', { cityId: 1, limit: 5 });
  t.same(
    hot.map((h) => h.id),
    top.map((x) => x.stressId),
    'the most viewed communities of the gateway, in its order',
  );
  const table = section(html, 'districts');
  t.match(table, `<a href="/bangdan/${region.regionId}/sqbd">${region.regionName}</a>`, 'a district links to its rankings');
  t.match(table, `<td>${region.deals}</td>`, 'its deals are shown');
  t.equal(canonical(r.body), `${ORIGIN}/bangdan`);
  t.match(title(r.body), /^长沙楼盘小区排行榜_/);
  const lists = ld(r.body, 'ItemList');
  t.ok(
    lists.some((l) => l.itemListElement?.some((i) => i.url === `${ORIGIN}/rankingList/remenxiaoqu`)),
    'an ItemList of the rankings',
  );
  t.same(
    ld(r.body, 'BreadcrumbList')[0]?.itemListElement?.map((i) => i.name),
    ['长沙湘房网', '长沙榜单'],
  );
});

t.test('the hot list has at most 30 communities, in viewNum order (SPEC 9)', async (t) => {
  const r = await get('/rankingList/remenxiaoqu');
  t.equal(r.statusCode, 200);
  const rows = rankRows(r.body);
  t.ok(rows.length > 0 && rows.length <= 30, `${rows.length} rows`);
  t.equal(rows.length, 30, 'the demo city has more than 30 communities, so the list is full');
  t.ok(
    rows.every((row, i) => i === 0 || row.views <= (rows[i - 1] as { views: number }).views),
    'each shows its view count, never more than the one above',
  );
  t.same(
    rows.map((row, i) => row.href.length > 0 && i + 1),
    rows.map((_, i) => i + 1),
  );
  const all = await backendObj<XiaoquItem[]>(backend, '/api/hotStress', { cityId: 1, limit: 30 });
  t.same(
    rows.map((row) => row.views),
    all.map((x) => x.viewNum),
    'the figures are the gateway view counts',
  );
  const lists = ld(r.body, 'ItemList');
  t.equal(lists[0]?.itemListElement?.length, 30, 'the ItemList names the 30');
  t.equal(lists[0]?.itemListElement?.[0]?.url, `${ORIGIN}${rows[0]?.href}`);
});

t.test("a ranking's figures are the community's and the estate's own pages' figures", async (t) => {
  const rise = rankRows((await get('/rankingList/zhangfubang')).body);
  t.ok(rise.length > 1);
  for (const row of rise.slice(0, 3)) {
    const page = noComments((await get(row.href)).body);
    const avg = /<strong>([\d,]+)<\/strong><span>参考均价\(元\/㎡\)<\/span>/.exec(page)?.[1];
    t.equal(Number(avg?.replaceAll(',', '')), row.price, `${row.name}: the same average price`);
    const monthRatio = /data-testid="ratio">(环比上月[^<]*)</.exec(page)?.[1];
    t.equal(monthRatio, row.ratio, `${row.name}: the same month-on-month change (${row.ratio})`);
  }
  const ratios = rise.map((row) => Number(/([\d.]+)%/.exec(row.ratio)?.[1] ?? 0) * (row.ratio.includes('↓') ? -1 : 1));
  t.ok(
    ratios.every((x, i) => i === 0 || x <= (ratios[i - 1] as number)),
    'the price-rise ranking goes from the largest rise down',
  );
  const estates = rankRows((await get('/rankingList/renqiloupan')).body);
  t.ok(estates.length > 0 && estates.every((e) => e.kind === 'xinfang'));
  for (const row of estates.filter((e) => e.price > 0).slice(0, 2)) {
    const res = await get(row.href);
    t.equal(res.statusCode, 200);
    const page = noComments(res.body);
    const api = await backendObj<LoupanItem>(backend, `/api/house/findById/${row.id}`);
    t.equal(api.price, row.price, `${row.name}: the estate's price`);
    const shown = /<strong>([\d,]+)<small>元\/㎡<\/small><\/strong><span>参考均价<\/span>/.exec(page)?.[1];
    t.equal(Number(shown?.replaceAll(',', '')), row.price, `${row.name}: its page prints the same price`);
  }
});

t.test('the SEO spellings of a ranking are the same page with one canonical URL', async (t) => {
  const canonicalOf = async (u: string) => {
    const r = await get(u);
    t.equal(r.statusCode, 200, u);
    return canonical(r.body);
  };
  for (const u of ['/rankingList/remenxiaoqu', '/rankingList/rmxq', '/rankingList/hotxiaoqu', '/rankingList/REMENXIAOQU/']) {
    t.equal(await canonicalOf(u), `${ORIGIN}/rankingList/remenxiaoqu`, u);
  }
  t.equal(await canonicalOf('/rankingList/dfb'), `${ORIGIN}/rankingList/diefubang`);
  const r = await get('/rankingList/rqlp');
  t.match(title(r.body), /^长沙人气楼盘榜_/);
  t.match(description(r.body), '按楼盘浏览量排名');
});

t.test('/bangdan/{regionId}/sqbd: the rankings of one district, only its communities', async (t) => {
  const r = await get(`/bangdan/${region.regionId}/sqbd`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.match(html, `<h1 class="rk-hero__title">${region.regionName}榜单</h1>`);
  const rows = rankRows(section(html, 'board-remenxiaoqu'));
  t.ok(rows.length > 0, 'hot communities of the district');
  const inRegion = await backendObj<XiaoquItem[]>(backend, '/api/hotStress', { cityId: 1, regionId: region.regionId, limit: 10 });
  t.ok(
    inRegion.every((x) => x.regionId === region.regionId),
    'the gateway narrows the hot list to the district',
  );
  t.same(
    rows.map((x) => x.id),
    inRegion.map((x) => x.stressId),
  );
  t.equal(canonical(r.body), `${ORIGIN}/bangdan/${region.regionId}/sqbd`);
  t.same(
    ld(r.body, 'BreadcrumbList')[0]?.itemListElement?.map((i) => i.name),
    ['长沙湘房网', '长沙榜单', `${region.regionName}榜单`],
  );
  t.ok(ld(r.body, 'ItemList').length >= 4, 'an ItemList per ranking');
  t.match(hrefs(html, /^\/composite/).join(' '), `/composite?regionId=${region.regionId}`, 'a link to the district overview');
});

t.test('/indextype/{type}: estates of one new-home type, linking to the new-home list filtered by it', async (t) => {
  const r = await get('/indextype/1');
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.match(html, '住宅楼盘</h1>');
  const ids = [...section(html, 'type-estates').matchAll(/href="\/xinfang\/(\d+)\.html"/g)].map((m) => Number(m[1]));
  t.ok(ids.length > 0, 'estates listed');
  for (const id of ids.slice(0, 3)) {
    const e = await backendObj<LoupanItem>(backend, `/api/house/findById/${id}`);
    t.ok(e.typeCodes.includes(1), `estate ${id} is a residence`);
  }
  t.ok(html.includes('<a data-testid="type-list-link" href="/xinfang/t1/" class="block__all">'), 'the filtered new-home list');
  t.equal((await get('/xinfang/t1/')).statusCode, 200, 'which is a page');
  t.equal(canonical(r.body), `${ORIGIN}/indextype/1`);
  t.ok(ld(r.body, 'ItemList')[0]?.itemListElement?.length === ids.length);
  const villa = await get('/indextype/villa');
  t.equal(villa.statusCode, 200, 'the English term is the same page');
  t.equal(canonical(villa.body), `${ORIGIN}/indextype/3`);
});

t.test('issue 34: bare /indextype lists the seven new-home types with counts, each linking to its /indextype page', async (t) => {
  const r = await get('/indextype');
  t.equal(r.statusCode, 200, 'SPEC 2.1 lists /indextype: it is a page, not the 404 screen');
  const html = noComments(r.body);
  t.match(html, '长沙新房按类型找</h1>');
  const rows = [
    ...section(html, 'loupan-types').matchAll(
      /<a data-code="\d+" href="\/indextype\/(\d+)" class="rk-row">.*?rk-row__name">([^<]*)<.*?<b>(\d+)<\/b>个楼盘/gs,
    ),
  ].map((m) => ({ code: Number(m[1]), name: m[2], total: Number(m[3]) }));
  t.same(
    rows.map((x) => `${x.code} ${x.name}`),
    ['1 住宅楼盘', '2 联排楼盘', '3 别墅楼盘', '4 公寓楼盘', '5 写字楼楼盘', '6 商铺楼盘', '8 其他楼盘'],
    'the seven SPEC 9 types in order, each linking to its page',
  );
  for (const x of rows) {
    const p = await backendObj<{ totalElements: number }>(backend, '/api/house/findListByWap', { cityId: 1, typeCode: x.code, size: 1 });
    t.equal(x.total, p.totalElements, `${x.name}: the gateway's count`);
  }
  const villa = rows.find((x) => x.code === 3);
  t.ok(villa && villa.total > 0);
  t.match(noComments((await get('/indextype/3')).body), `共${villa?.total}个别墅类新楼盘`, 'the same count as the type page');
  t.equal(title(r.body), '长沙新房按类型找_住宅_联排_别墅_公寓_写字楼_商铺_其他楼盘_湘房网', 'head from the data');
  t.match(description(r.body), `住宅${rows[0]?.total}个`);
  t.equal(canonical(r.body), `${ORIGIN}/indextype`);
  t.equal(ld(r.body, 'ItemList')[0]?.itemListElement?.length, 7);
  t.equal((await get('/indextype/')).statusCode, 200, 'with a trailing slash too');
  t.equal((await get('/indextype')).headers['x-cache'], 'HIT', 'page-cached');
});

t.test('unknown or malformed ids and tails are the 404 screen', async (t) => {
  const top = Math.max(...areas.map((a) => a.regionId));
  for (const u of [
    '/rankingList/nope',
    '/rankingList/remenxiaoqu/extra',
    '/indextype/7',
    '/indextype/9',
    '/indextype/01',
    '/indextype/castle',
    '/indextype/nonsense',
    '/indextype/1/p0',
    '/indextype/1/p999',
    `/bangdan/${top + 1000}/sqbd`,
    '/bangdan/0/sqbd',
  ]) {
    const r = await get(u);
    t.equal(r.statusCode, 404, u);
  }
  // Bare, /rankingList is the index of every ranking (issue 34: SPEC 2.1 lists it as a route).
  const bare = await get('/rankingList/');
  t.equal(bare.statusCode, 301, '/rankingList/');
  t.equal(bare.headers.location, '/bangdan');
  const wh = await get(`/bangdan/${region.regionId}/sqbd`, { host: 'wh.localhost' });
  t.equal(wh.statusCode, 404, "another city's district is not this city's page");
});

t.test('the rankings are page-cached: the second request is a HIT', async (t) => {
  for (const u of ['/bangdan', '/rankingList/renqiloupan', `/bangdan/${region.regionId}/sqbd`, '/indextype/4']) {
    t.equal((await get(u)).statusCode, 200);
    t.equal((await get(u)).headers['x-cache'], 'HIT', u);
  }
});

t.test('a failing secondary call gives the page without that ranking, never cached', async (t) => {
  const broken = await portalWithFailingCalls(t, (url) => url.startsWith('/api/stressRank/'));
  const first = await broken.get('/bangdan');
  t.equal(first.statusCode, 200, 'the page still renders');
  t.match(first.body, '榜单暂时无法加载', 'the broken rankings say so');
  t.ok(rankRows(section(noComments(first.body), 'board-remenxiaoqu')).length > 0, 'the other rankings are there');
  const second = await broken.get('/bangdan');
  t.not(second.headers['x-cache'], 'HIT', 'a degraded page is never served from the cache');
  const full = await broken.get('/rankingList/zhangfubang');
  t.ok(full.statusCode >= 500, `a ranking page whose ranking fails is an error page (${full.statusCode})`);
});
