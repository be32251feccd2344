import t from 'tap';
import { assertNotFoundScreens, canonical, cards, description, portalOverBackend, title, total } from '../listings/helpers.ts';
import { backendObj, backendXiaoqu, backendXiaoquList, jsonLd, portalWithFailingCalls } from './helpers.ts';

/** Issue 14 part A: the community detail, its twins, its floor plans and the old community page (SPEC 2.4, 2.5, 7.5). */
const { backend, get } = await portalOverBackend(t);
const ID = 1;
const x = await backendXiaoqu(backend, ID);
const noComments = (html: string) => html.replaceAll('<!-- -->', '');
const grouped = (n: number) => n.toLocaleString('en-US');

t.test('a community detail: name, average price, facts, head with canonical and JSON-LD', async (t) => {
  const r = await get(`/xiaoqu/${ID}.html`);
  t.equal(r.statusCode, 200);
  const html = noComments(r.body);
  t.match(html, `<h1 class="dt-head__title">${x.sname}</h1>`, 'the short name is the name (SPEC 7.1)');
  t.match(html, `<strong>${grouped(x.avgPrice)}</strong><span>参考均价(元/㎡)</span>`);
  t.match(html, `<strong>${x.ershoucount}套</strong><span>在售二手房</span>`);
  t.match(html, `<strong>${x.zufangcount}套</strong><span>在租房源</span>`);
  for (const fact of [`${x.buildYear}年`, x.developer, x.propertyCompany]) t.match(html, `<dd>${fact}</dd>`, fact);
  t.match(html, x.address, 'the address is in the location block');
  t.equal(canonical(r.body), `http://localhost:3000/xiaoqu/${ID}.html`);
  t.match(title(r.body), new RegExp(`^${x.sname}_${x.sname}房价_${x.sname}二手房_长沙${x.regionName}小区_湘房网$`));
  t.match(description(r.body), `在售二手房${x.ershoucount}套`);
  const ld = jsonLd(r.body);
  const residence = ld.find((l) => l['@type'] === 'Residence') as { name: string; address: { streetAddress: string } } | undefined;
  t.equal(residence?.name, x.sname);
  t.equal(residence?.address.streetAddress, x.address);
  const crumbs = ld.find((l) => l['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string; item: string }> } | undefined;
  t.same(
    crumbs?.itemListElement.map((i) => i.name),
    ['长沙湘房网', '长沙小区', `${x.regionName}小区`, x.sname],
  );
  t.equal(crumbs?.itemListElement.at(-1)?.item, `http://localhost:3000/xiaoqu/${ID}.html`);
  t.match(r.body, /<form [^>]*action="\/-\/action\/favourite"/);
  t.match(r.body, '<input type="hidden" name="kind" value="xiaoqu"/>', 'the favourite is a community favourite (addXiaoQu)');
});

t.test('the 12-month trend chart carries its 12 values as text, in the SVG and in a table', async (t) => {
  const html = noComments((await get(`/xiaoqu/${ID}.html`)).body);
  const last12 = x.prices.slice(-12);
  t.equal(last12.length, 12);
  const svg = /<svg class="chart__svg"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? '';
  t.ok(svg, 'an inline SVG chart');
  const titles = [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  t.same(
    titles,
    last12.map((p) => `${p.month} ${grouped(p.price)}元/㎡`),
    'each dot names its month and value',
  );
  const lastPrice = last12.at(-1)?.price ?? 0;
  t.match(svg, `data-testid="trend-last">${grouped(lastPrice)}</text>`, 'the last value is marked');
  t.match(svg, />\d+月<\/text>/, 'month labels on the x axis');
  const table = /<table class="vh">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  const rows = [...table.matchAll(/<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td>/g)].map((m) => [m[1], m[2]]);
  t.same(
    rows,
    last12.map((p) => [p.month, grouped(p.price)]),
    'the visually hidden table holds the same values',
  );
});

t.test('its listings for sale and for rent link to the lists filtered by the community', async (t) => {
  const html = (await get(`/xiaoqu/${ID}.html`)).body;
  const list = cards(html);
  const onSale = list.filter((c) => c.href.startsWith('/ershoufang/'));
  t.ok(onSale.length > 0, 'second-hand listings of the community');
  for (const c of onSale) {
    const d = await backendObj<{ stressId: number }>(backend, `/api/house/search/detail/${c.href.match(/\d+/)?.[0]}`);
    t.equal(d?.stressId, ID, `${c.href} is in the community`);
  }
  const href = /<a href="(\/ershoufang\/[^"]+)" class="dt-block__more">查看全部<\/a>/.exec(html)?.[1];
  t.ok(href, 'a link to the second-hand list');
  const filtered = await get(href as string);
  t.equal(filtered.statusCode, 200, 'the filtered list is a canonical URL (no redirect)');
  const all = cards(filtered.body);
  t.ok(all.length > 0);
  t.ok(
    all.every((c) => c.facts.endsWith(x.sname)),
    'every listing of the filtered list is in the community',
  );
  t.equal(total(filtered.body), x.ershoucount, 'and there are as many as the community counts');
  const rentHref = /<a href="(\/zufang\/[^"]+)" class="dt-block__more">查看全部<\/a>/.exec(html)?.[1];
  if (x.zufangcount) {
    t.ok(rentHref, 'a link to the rental list');
    t.equal((await get(rentHref as string)).statusCode, 200);
  }
});

t.test('floor plans, schools, stores and similar communities are on the detail', async (t) => {
  const html = (await get(`/xiaoqu/${ID}.html`)).body;
  const plans = await backendObj<Array<{ hxId: number; name: string }>>(backend, `/api/xiaoqu/huxing/${ID}`);
  t.ok(plans.length > 0);
  for (const p of plans) t.match(html, `href="/xiaoqu/huxing/${p.hxId}/${ID}/"`, p.name);
  const stores = await backendObj<Array<{ storeId: number; name: string }>>(backend, `/api/department/findDepartmentByStressId/${ID}`);
  t.ok(stores.length > 0, 'stores serve the community');
  for (const s of stores) t.match(html, `href="/mendian/${s.storeId}.html"`, s.name);
  const schools = await backendObj<Array<{ schoolId: number }>>(backend, `/api/school/getSchoolByStressId/${ID}?size=2`);
  for (const s of schools) t.match(html, `href="/school/${s.schoolId}.html"`);
  if (!schools.length) t.notMatch(html, 'data-testid="xiaoqu-schools"', 'no empty schools block');
  const similar = [...html.matchAll(/data-testid="xiaoqu-card" href="\/xiaoqu\/(\d+)\.html"/g)].map((m) => Number(m[1]));
  t.ok(similar.length > 0, 'similar communities');
  t.notOk(similar.includes(ID), 'not itself');
});

t.test('unknown and malformed ids are the 404 screen', async (t) => {
  const other = (await backendXiaoquList(backend, { cityId: 2, size: 1 })).content[0];
  t.ok(other, 'a community of another city');
  await assertNotFoundScreens(t, get, [
    '/xiaoqu/999999.html',
    '/xiaoqu/0.html',
    '/xiaoqu/details?id=abc',
    '/xiaoqu/details?id=01',
    '/xiaoqu/details',
    '/xiaoqu/information?id=999999',
    '/xiaoqu/information',
    `/xiaoqu/${other?.stressId}.html`,
  ]);
});

t.test('/xiaoqu/details?id= is the same page, canonical on the .html; /xiaoqu/information?id= has every fact', async (t) => {
  const twin = await get(`/xiaoqu/details?id=${ID}`);
  t.equal(twin.statusCode, 200);
  t.equal(canonical(twin.body), `http://localhost:3000/xiaoqu/${ID}.html`);
  t.match(noComments(twin.body), `<h1 class="dt-head__title">${x.sname}</h1>`);
  const info = await get(`/xiaoqu/information?id=${ID}`);
  t.equal(info.statusCode, 200);
  const html = noComments(info.body);
  t.match(html, `<h1 class="dt-head__title">${x.sname}小区概况</h1>`);
  for (const fact of [x.developer, x.propertyCompany, `${x.households}户`, `${x.buildings}栋`, `${x.greenRate}%`, x.parking]) {
    t.match(html, `<dd>${fact}</dd>`, fact);
  }
  t.match(html, `共${x.buildings}栋`, 'the description agrees with the facts');
  t.equal(canonical(info.body), `http://localhost:3000/xiaoqu/information?id=${ID}`);
  t.match(title(info.body), `${x.sname}小区概况`);
});

t.test('floor plans: the community’s plans, one plan with its listings, unknown plans 404', async (t) => {
  const plans = await backendObj<Array<{ hxId: number; name: string; rooms: number; halls: number; toilets: number; count: number }>>(
    backend,
    `/api/xiaoqu/huxing/${ID}`,
  );
  const list = await get(`/xiaoqu/huxing?id=${ID}`);
  t.equal(list.statusCode, 200);
  for (const p of plans) t.match(list.body, `href="/xiaoqu/huxing/${p.hxId}/${ID}/"`);
  t.equal(canonical(list.body), `http://localhost:3000/xiaoqu/huxing?id=${ID}`);
  const plan = plans.find((p) => p.count > 0) ?? plans[0];
  t.ok(plan);
  if (!plan) return;
  const one = await get(`/xiaoqu/huxing/${plan.hxId}/${ID}/`);
  t.equal(one.statusCode, 200);
  t.match(noComments(one.body), `<h1 class="dt-head__title">${x.sname} ${plan.name}</h1>`);
  t.equal(canonical(one.body), `http://localhost:3000/xiaoqu/huxing/${plan.hxId}/${ID}/`);
  const layout = `${plan.rooms}室${plan.halls}厅${plan.toilets}卫`;
  const listings = cards(one.body).filter((c) => c.href.startsWith('/ershoufang/'));
  t.equal(listings.length, plan.count, 'as many second-hand listings as the plan counts');
  t.ok(
    listings.every((c) => c.facts.startsWith(layout)),
    `every listing is ${layout}`,
  );
  await assertNotFoundScreens(t, get, [`/xiaoqu/huxing/999/${ID}/`, '/xiaoqu/huxing/211/999999/', '/xiaoqu/huxing', '/xiaoqu/huxing?id=x']);
});

t.test('the old community page /xiaoqu/52775.html lands on a second-hand listing that exists', async (t) => {
  const r = await get('/xiaoqu/52775.html');
  t.equal(r.statusCode, 301);
  const target = r.headers.location as string;
  t.match(target, /^\/ershoufang\/\d+\.html$/);
  const landed = await get(target);
  t.equal(landed.statusCode, 200, `${target} is a listing of the seed`);
  t.match(landed.body, 'class="dt-head__title"');
});

t.test('the detail is page-cached: the second request is a HIT', async (t) => {
  const first = await get(`/xiaoqu/${ID + 1}.html`);
  t.equal(first.statusCode, 200);
  t.equal(first.headers['x-cache'], 'MISS');
  const second = await get(`/xiaoqu/${ID + 1}.html`);
  t.equal(second.headers['x-cache'], 'HIT');
  t.equal(second.body, first.body);
});

t.test('a failing secondary call leaves its block out and the page uncached; a failing primary record is an error', async (t) => {
  const broken = await portalWithFailingCalls(t, (url) => url.startsWith('/api/school/') || url.startsWith('/api/department/'));
  const first = await broken.get(`/xiaoqu/${ID}.html`);
  t.equal(first.statusCode, 200, 'the page still renders');
  t.notMatch(first.body, 'data-testid="xiaoqu-stores"', 'no stores block');
  t.notMatch(first.body, 'data-testid="xiaoqu-schools"', 'no schools block');
  t.match(first.body, 'data-testid="trend-chart"', 'the rest is there');
  const second = await broken.get(`/xiaoqu/${ID}.html`);
  t.not(second.headers['x-cache'], 'HIT', 'a degraded page is never served from the cache');
  const noRecord = await portalWithFailingCalls(t, (url) => url.startsWith('/api/xiaoqu/findById/'));
  const err = await noRecord.get(`/xiaoqu/${ID}.html`);
  t.ok(err.statusCode >= 500, `a failing community call is an error page (${err.statusCode}), not an empty 200`);
});
