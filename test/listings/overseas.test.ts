/**
 * Overseas property (SPEC 1, 2.1, 2.3, 9): /haiwaihome, /haiwaihome/list/*, /haiwaidetails/{id}, /haiwaihuxing/*,
 * rendered with the embedded backend's data, as a phone user sees them.
 */
import t from 'tap';
import {
  assertNotFoundScreens,
  assertRedirects,
  backendObj,
  backendRows,
  canonical,
  ORIGIN,
  portalOverBackend,
  registerMember,
  relLink,
  title,
  total,
} from './helpers.ts';

const { portal, backend, get } = await portalOverBackend(t);

interface Item {
  houseId: number;
  country: string;
  cityName: string;
  title: string;
  price: number;
  localPrice: string;
  area: number;
  rooms: number;
  description: string;
}
const all = await backendObj<{ content: Item[]; totalElements: number }>(backend, '/api/overseas/list', { size: 100 });
const countries = await backendObj<Array<{ country: string; count: number }>>(backend, '/api/overseas/countries');
const japan = countries.find((c) => c.country === '日本') as { country: string; count: number };

/** The overseas cards on a page: link, title, country badge and total price (万). */
function cards(html: string) {
  return [...html.matchAll(/<a data-testid="overseas-card" href="(\/haiwaidetails\/\d+)"[^>]*>(.*?)<\/a>/gs)].map((m) => {
    const body = m[2] as string;
    return {
      href: m[1] as string,
      title: /lcard__title">([^<]*)</.exec(body)?.[1] ?? '',
      country: /lcard__badge">([^<]*)</.exec(body)?.[1] ?? '',
      price: Number(/data-testid="overseas-price">([\d.]+)</.exec(body)?.[1] ?? 'NaN'),
    };
  });
}

t.test('/haiwaihome shows every country with its count and the newest listings', async (t) => {
  const r = await get('/haiwaihome');
  t.equal(r.statusCode, 200);
  t.match(title(r.body), /^海外房产_海外买房置业_.+房产_湘房网$/);
  t.equal(canonical(r.body), `${ORIGIN}/haiwaihome`);
  t.equal(total(r.body), all.totalElements);
  for (const c of countries) {
    t.match(r.body, new RegExp(`<strong>${c.country}</strong><span>${c.count}套在售</span>`), `${c.country} ${c.count}`);
  }
  t.match(r.body, 'href="/haiwaihome/list/japan/"', 'a country links to its list');
  const featured = cards(r.body).slice(0, 6);
  t.same(
    featured.map((c) => c.title),
    all.content.slice(0, 6).map((o) => o.title),
    'featured: the newest six',
  );
  t.match(r.body, /"@type":"BreadcrumbList"/);
});

t.test('the list: newest first, 10 a page, page links as URLs with rel prev/next', async (t) => {
  const r = await get('/haiwaihome/list/');
  t.equal(r.statusCode, 200);
  t.equal(title(r.body), '海外房产_海外买房_海外房源_湘房网');
  t.equal(canonical(r.body), `${ORIGIN}/haiwaihome/list/`);
  t.equal(relLink(r.body, 'prev'), null);
  t.equal(relLink(r.body, 'next'), `${ORIGIN}/haiwaihome/list/pg2/`);
  t.equal(total(r.body), all.totalElements);
  const first = cards(r.body);
  t.equal(first.length, 10);
  t.same(
    first.map((c) => c.title),
    all.content.slice(0, 10).map((o) => o.title),
  );
  t.match(r.body, 'rel="next" href="/haiwaihome/list/pg2/"', 'the pager links to page 2');

  const p2 = await get('/haiwaihome/list/pg2/');
  t.equal(p2.statusCode, 200);
  t.match(title(p2.body), /_第2页_/);
  t.equal(canonical(p2.body), `${ORIGIN}/haiwaihome/list/pg2/`);
  t.equal(relLink(p2.body, 'prev'), `${ORIGIN}/haiwaihome/list/`);
  t.equal(relLink(p2.body, 'next'), null);
  t.same(
    cards(p2.body).map((c) => c.title),
    all.content.slice(10, 20).map((o) => o.title),
  );
  t.equal((await get('/haiwaihome/list/pg3/')).statusCode, 404, 'past the last page');
});

t.test('sort by total price, ascending and descending, as shown on the page', async (t) => {
  const prices = all.content.map((o) => o.price);
  const asc = await get('/haiwaihome/list/co1/');
  t.equal(asc.statusCode, 200);
  t.match(title(asc.body), /^海外房产_总价从低到高_/);
  t.same(
    cards(asc.body).map((c) => c.price),
    [...prices].sort((a, b) => a - b).slice(0, 10),
    'the ten cheapest, low to high',
  );
  t.match(asc.body, /class="is-on" data-testid="sort-priceAsc"|data-testid="sort-priceAsc"[^>]*class="is-on"/);
  const desc = await get('/haiwaihome/list/co2/');
  t.equal(desc.statusCode, 200);
  t.same(
    cards(desc.body).map((c) => c.price),
    [...prices].sort((a, b) => b - a).slice(0, 10),
    'the ten dearest, high to low',
  );
  const desc2 = await get('/haiwaihome/list/co2/pg2/');
  t.equal(desc2.statusCode, 404, 'codes are one segment: co2pg2');
  const page2 = await get('/haiwaihome/list/co2pg2/');
  t.same(
    cards(page2.body).map((c) => c.price),
    [...prices].sort((a, b) => b - a).slice(10, 20),
    'page 2 continues the order',
  );
  t.equal(relLink(page2.body, 'prev'), `${ORIGIN}/haiwaihome/list/co2/`);
});

t.test('the country filter lives in the path; sorting keeps it', async (t) => {
  const r = await get('/haiwaihome/list/japan/');
  t.equal(r.statusCode, 200);
  t.match(title(r.body), /^日本房产_日本买房_海外房源_湘房网$/);
  t.equal(total(r.body), japan.count);
  const list = cards(r.body);
  t.equal(list.length, japan.count);
  t.ok(
    list.every((c) => c.country === '日本'),
    'only Japanese listings',
  );
  t.match(r.body, 'href="/haiwaihome/list/japan/co1/"', 'the sort links keep the country');
  const cheap = cards((await get('/haiwaihome/list/japan/co1/')).body).map((c) => c.price);
  t.same(
    cheap,
    [...cheap].sort((a, b) => a - b),
  );
  t.match((await get('/haiwaihome/list/japan/co1/')).body, /"@type":"ItemList"/);
});

t.test('filters given another way redirect (301) to the one canonical path; unknown tails are 404', async (t) => {
  const cases: Array<[string, string]> = [
    ['/haiwaihome/list', '/haiwaihome/list/'],
    [`/haiwaihome/list/?country=${encodeURIComponent('日本')}&sort=priceDesc`, '/haiwaihome/list/japan/co2/'],
    ['/haiwaihome/list/?sort=priceAsc&page=2', '/haiwaihome/list/co1pg2/'],
    ['/haiwaihome/list/japan/?sort=newest', '/haiwaihome/list/japan/'],
    ['/haiwaihome/list/JAPAN/', '/haiwaihome/list/japan/'],
    ['/haiwaihome/list/l2co1/', '/haiwaihome/list/co1l2/'],
    ['/haiwaihome/list/pg1/', '/haiwaihome/list/'],
  ];
  await assertRedirects(t, get, cases);
  for (const url of ['/haiwaihome/list/mars/', '/haiwaihome/list/co9/', '/haiwaihome/list/japan/co1/x/', '/haiwaihome/list/p1p2/']) {
    t.equal((await get(url)).statusCode, 404, url);
  }
});

t.test('a detail page: gallery, prices in 万 and local currency, layout, place, description, consultant', async (t) => {
  const o = all.content[0] as Item;
  const r = await get(`/haiwaidetails/${o.houseId}`);
  t.equal(r.statusCode, 200);
  t.ok(title(r.body).startsWith(`${o.title}_${o.country}${o.cityName}`), title(r.body));
  t.match(title(r.body), `总价${o.price}万`);
  t.equal(canonical(r.body), `${ORIGIN}/haiwaidetails/${o.houseId}`);
  t.match(r.body, `<h1 class="dt-head__title">${o.title}</h1>`);
  t.match(r.body, `<strong>${o.price}万</strong><span>总价</span>`);
  t.match(r.body, `<strong>${o.rooms}居室</strong>`);
  t.match(r.body, o.localPrice, 'the price in the local currency');
  t.match(r.body, o.description);
  t.match(r.body, `${o.country}</a> · ${o.cityName}`);
  t.match(r.body, /data-testid="gallery-count">1\/4</, 'a gallery of four pictures');
  t.match(r.body, '海外置业顾问');
  t.match(r.body, /href="tel:[\d,+]+"/, 'the consultant has a phone link');
  t.match(r.body, /href="\/login\?bUrl=%2Fim%2Fsession[^"]*" data-testid="agent-chat"/, 'a visitor chats after logging in');
  t.match(r.body, /name="kind" value="overseas"/, 'the favourite button');
  t.match(r.body, '<span>分享</span>');
  t.match(r.body, `href="/haiwaihuxing/${o.houseId}"`, 'links to the floor plans');
  const ld = /"@type":"Product".*?"price":(\d+)/.exec(r.body);
  t.equal(Number(ld?.[1]), Math.round(o.price * 10000), 'JSON-LD offer in CNY');
  t.match(r.body, /"@type":"BreadcrumbList"/);
  const byQuery = await get(`/haiwaidetails?id=${o.houseId}`);
  t.equal(byQuery.statusCode, 200);
  t.equal(canonical(byQuery.body), `${ORIGIN}/haiwaidetails/${o.houseId}`);
});

t.test('no id, malformed or unknown ids give the 404 screen, never 500', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/haiwaidetails',
    '/haiwaidetails/',
    '/haiwaidetails/abc',
    '/haiwaidetails/0',
    '/haiwaidetails/-1',
    '/haiwaidetails/1.5',
    '/haiwaidetails/99999999',
    '/haiwaidetails/9999999999999999',
    '/haiwaidetails/99999999999999999999',
    '/haiwaidetails?id=x',
    '/haiwaihuxing',
    '/haiwaihuxing/abc',
    '/haiwaihuxing/99999999',
    `/haiwaihuxing/${all.content[0]?.houseId}/9`,
    `/haiwaihuxing/${all.content[0]?.houseId}/x/y`,
  ]);
});

t.test('the floor plans of an overseas project, and one plan by its rooms', async (t) => {
  const o = all.content[0] as Item;
  const r = await get(`/haiwaihuxing/${o.houseId}`);
  t.equal(r.statusCode, 200);
  t.match(title(r.body), /户型图_\d+个户型_/);
  t.equal(canonical(r.body), `${ORIGIN}/haiwaihuxing/${o.houseId}`);
  t.match(r.body, `<h3 class="hw-plan__name">${o.rooms}居室</h3>`);
  t.match(r.body, `href="/haiwaidetails/`, 'each plan links to a listing');
  const one = await get(`/haiwaihuxing/${o.houseId}/${o.rooms}`);
  t.equal(one.statusCode, 200);
  t.match(title(one.body), `${o.rooms}居室户型图`);
  t.equal(canonical(one.body), `${ORIGIN}/haiwaihuxing/${o.houseId}/${o.rooms}`);
  t.match(one.body, 'class="hw-plan is-on"');
});

t.test('a member favourites an overseas listing and finds it in /myshoucang', async (t) => {
  const member = await registerMember(backend, '13912340001', '海外买家');
  const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
  const o = all.content[1] as Item;
  const r = await portal.app.inject({
    method: 'POST',
    url: '/-/action/favourite',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    payload: { houseId: o.houseId, kind: 'overseas' },
  });
  t.equal(r.statusCode, 200);
  t.same(backendRows(backend, 'SELECT house_id AS h, kind FROM collect WHERE member_id = ?', member.uid), [
    { h: o.houseId, kind: 'overseas' },
  ]);
  const detail = await get(`/haiwaidetails/${o.houseId}`, { cookie });
  t.match(detail.body, 'aria-pressed="true"', 'shown as favourited');
  const mine = await get('/myshoucang?kind=overseas', { cookie });
  t.equal(mine.statusCode, 200);
  t.match(mine.body, o.title);
  t.match(mine.body, '海外(1)');
});

t.test('the sitemap lists the overseas pages and every overseas detail', async (t) => {
  const r = await get('/sitemap.xml');
  t.equal(r.statusCode, 200);
  t.match(r.body, '<loc>http://localhost:3000/haiwaihome</loc>');
  t.match(r.body, '<loc>http://localhost:3000/haiwaihome/list/</loc>');
  const listed = [...r.body.matchAll(/<loc>http:\/\/localhost:3000\/haiwaidetails\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
  t.same(
    listed.sort((a, b) => a - b),
    all.content.map((i) => i.houseId).sort((a, b) => a - b),
    'each overseas listing once',
  );
});
