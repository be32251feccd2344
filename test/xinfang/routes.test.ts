import t from 'tap';
import { buildAppOverBackend } from '../helpers/build.ts';

/**
 * New homes through fastify.inject over the embedded backend (issue 5 point 3): every route renders with data,
 * filters narrow the list as the URL says, pagination, 404s for unknown and malformed ids, canonical and title
 * per page, query-form filters 301 to the path form.
 */

const ORIGIN = 'http://localhost:3000';

interface Estate {
  houseId: number;
  name: string;
  price: number;
  saleStatus: string;
  typeCodes: number[];
  regionId: number;
  regionName: string;
  hasVr: boolean;
  hasVideo: boolean;
}

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? '';
const linkOf = (html: string, rel: string) => html.match(new RegExp(`<link rel="${rel}" href="([^"]*)"`))?.[1] ?? null;
/** The main result list of a list page (not the hot picks under an empty result). */
const itemsOf = (html: string) => html.match(/data-testid="xf-items">([\s\S]*?)<\/ul>/)?.[1] ?? '';
const pricesOf = (html: string) => [...itemsOf(html).matchAll(/data-price="(\d+)"/g)].map((m) => Number(m[1]));
const idsOf = (html: string) => [...itemsOf(html).matchAll(/data-house-id="(\d+)"/g)].map((m) => Number(m[1]));
const salesOf = (html: string) => [...itemsOf(html).matchAll(/data-show="(\w+)">([^<]*)</g)].map((m) => `${m[1]}:${m[2]}`);
/** place | types | decoration: the line's text, its parts' tags dropped. */
const metasOf = (html: string) =>
  [...itemsOf(html).matchAll(/class="xf-item__meta">([\s\S]*?)<\/p>/g)].map((m) => m[1].replace(/<[^>]*>/g, ''));

t.test('new homes', async (t) => {
  const { app, memberCookie, backend } = await buildAppOverBackend(t);
  const gw = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(
      backend.url + path,
      body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
    );
    return ((await res.json()) as { obj: T }).obj;
  };
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  const all = (await gw<{ content: Estate[] }>('/api/house/findListByWap', { cityId: 1, size: 100 })).content;
  const other = (await gw<{ content: Estate[] }>('/api/house/findListByWap', { cityId: 2, size: 1 })).content[0];
  const regions = await gw<Array<{ regionId: number; regionName: string; count: number }>>('/api/loupanregion/findByCityId/1');
  const estate = all.find((e) => e.hasVr && e.hasVideo) ?? all[0];
  const detail = await gw<{
    huxingList: Array<{ huxingId: number; rooms: number }>;
    DongTaiList: Array<{ DTid: number; title: string }>;
    belongerList: Array<{ belongerId: number; name: string }>;
  }>(`/api/house/findByIdForM/${estate.houseId}`);
  const qaAll = await gw<{ content: Array<{ houseId: number | null }> }>('/api/wenda/list', { cityId: 1, size: 100 });
  const qaCount = new Set(qaAll.content.map((q) => q.houseId));
  t.ok(all.length > 10 && detail.huxingList.length && detail.DongTaiList.length && detail.belongerList.length, 'seeded data');

  t.test('the list shows the city’s estates, a title, a canonical and rel=next', async (t) => {
    const res = await get('/xinfang/');
    t.equal(res.statusCode, 200);
    t.equal(titleOf(res.body), '长沙新房_长沙新楼盘_长沙新开楼盘_湘房网');
    t.equal(canonicalOf(res.body), `${ORIGIN}/xinfang/`);
    t.equal(linkOf(res.body, 'next'), `${ORIGIN}/xinfang/pg2/`);
    t.equal(linkOf(res.body, 'prev'), null);
    t.equal(idsOf(res.body).length, 10, 'ten estates a page');
    t.match(res.body, `共<strong class="xf-list__total" data-testid="xf-total">${all.length}</strong>个楼盘`);
    t.match(res.body, '"@type":"ItemList"');
    t.match(res.body, 'app--svbar', 'the fixed supervision phone bar of new-home pages');
    t.equal((await get('/xinfang')).statusCode, 200, 'without the trailing slash too');
    // issue 37 part 4: every estate row offers 加入对比, posting the list's one form without JavaScript
    const buttons = itemsOf(res.body).match(/<button[^>]*class="cmp-add"[^>]*>\+对比<\/button>/g) ?? [];
    const attr = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
    t.same(
      buttons.map((b) => [attr(b, 'form'), attr(b, 'name'), attr(b, 'value'), attr(b, 'data-compare')]),
      idsOf(res.body).map((id) => ['cmp-form', 'item', `xinfang:${id}`, `xinfang:${id}`]),
      'a 加入对比 button per estate, naming it',
    );
    const form = res.body.match(/<form id="cmp-form"[^>]*>/)?.[0] ?? '';
    t.same([attr(form, 'method'), attr(form, 'action')], ['post', '/-/compare/add'], 'the form they post without JavaScript');
  });

  t.test('pagination: page 2 and 3 are URLs with their own canonical, prev and next; past the end is 404', async (t) => {
    const p1 = idsOf((await get('/xinfang/')).body);
    const p2res = await get('/xinfang/pg2/');
    t.equal(p2res.statusCode, 200);
    const p2 = idsOf(p2res.body);
    t.equal(p2.length, 10);
    t.same(
      p2.filter((id) => p1.includes(id)),
      [],
      'page 2 holds other estates',
    );
    t.match(titleOf(p2res.body), '_第2页_');
    t.equal(canonicalOf(p2res.body), `${ORIGIN}/xinfang/pg2/`);
    t.equal(linkOf(p2res.body, 'prev'), `${ORIGIN}/xinfang/`);
    t.equal(linkOf(p2res.body, 'next'), `${ORIGIN}/xinfang/pg3/`);
    const last = Math.ceil(all.length / 10);
    const lastRes = await get(`/xinfang/pg${last}/`);
    t.equal(lastRes.statusCode, 200);
    t.equal(linkOf(lastRes.body, 'next'), null);
    t.equal((await get(`/xinfang/pg${last + 1}/`)).statusCode, 404);
    t.match(p2res.body, 'href="/xinfang/pg3/"', 'the pager links the next page');
  });

  t.test('a region narrows the list to its estates, with the region in title and h1', async (t) => {
    const region = regions.find((r) => r.count > 0)!;
    const expected = all.filter((e) => e.regionId === region.regionId).length;
    const q = await get(`/xinfang/?regionId=${region.regionId}`);
    t.equal(q.statusCode, 301, 'the query form redirects');
    const path = q.headers.location as string;
    t.match(path, /^\/xinfang\/[a-z]+\/$/, 'to the region slug');
    const res = await get(path);
    t.equal(res.statusCode, 200);
    t.equal(canonicalOf(res.body), ORIGIN + path);
    t.match(titleOf(res.body), `长沙${region.regionName}新房_`);
    t.match(res.body, `共<strong class="xf-list__total" data-testid="xf-total">${expected}</strong>个楼盘`);
    t.ok(metasOf(res.body).length > 0);
    for (const m of metasOf(res.body)) t.ok(m.startsWith(region.regionName), `${m} is in ${region.regionName}`);
  });

  t.test('sale status, type, price band and rooms narrow the list as the URL says', async (t) => {
    const s2 = await get('/xinfang/s2/');
    t.equal(s2.statusCode, 200);
    t.ok(salesOf(s2.body).length > 0);
    t.same([...new Set(salesOf(s2.body))], ['exist:期房'], 's2 shows 期房 only');
    t.match(titleOf(s2.body), '长沙期房新房');
    const s5 = await get('/xinfang/s5/');
    const sold = all.filter((e) => e.saleStatus === '售完').length;
    t.match(s5.body, `共<strong class="xf-list__total" data-testid="xf-total">${sold}</strong>个楼盘`);
    if (sold) t.same([...new Set(salesOf(s5.body))], ['sellout:售罄'], '售完 is shown 售罄');

    const t5 = await get('/xinfang/t5/');
    const offices = all.filter((e) => e.typeCodes.includes(5)).length;
    t.match(t5.body, `共<strong class="xf-list__total" data-testid="xf-total">${offices}</strong>个楼盘`);
    for (const m of metasOf(t5.body)) t.match(m, '写字楼');

    const p4 = await get('/xinfang/p4/');
    const prices = pricesOf(p4.body);
    t.ok(prices.length > 0, 'some estates at 1-1.5万');
    for (const p of prices) t.ok(p >= 10000 && p < 15000, `${p} in 1-1.5万`);
    t.match(
      p4.body,
      `共<strong class="xf-list__total" data-testid="xf-total">${all.filter((e) => e.price >= 10000 && e.price < 15000).length}</strong>`,
    );

    const sorted = pricesOf((await get('/xinfang/o1/')).body);
    t.same(
      sorted,
      [...sorted].sort((a, b) => a - b),
      'o1 sorts by average price, low to high',
    );
    const desc = pricesOf((await get('/xinfang/o2/')).body);
    t.same(
      desc,
      [...desc].sort((a, b) => b - a),
      'o2 high to low',
    );

    const l4 = await get('/xinfang/l4/');
    for (const id of idsOf(l4.body)) {
      const plans = await gw<Array<{ rooms: number }>>('/api/houseinfo/getListByLpId', { lpId: id });
      t.ok(
        plans.some((p) => p.rooms === 4),
        `estate ${id} has a 4-room plan`,
      );
    }
    const combined = await get('/xinfang/s2p4/');
    for (const p of pricesOf(combined.body)) t.ok(p >= 10000 && p < 15000);
    t.same(
      [...new Set(salesOf(combined.body))].filter((s) => s !== 'exist:期房'),
      [],
    );
  });

  t.test('query-form filters 301 to the path form; non-canonical paths 301 to the canonical one', async (t) => {
    const cases: Array<[string, string]> = [
      ['/xinfang/?typeCode=1&saleStatus=期房&rooms=3,2&page=2', '/xinfang/t1s2l2l3pg2/'],
      ['/xinfang/?sort=priceAsc', '/xinfang/o1/'],
      ['/xinfang/t1/?price=4', '/xinfang/t1p4/'],
      ['/xinfang/l3l2t1/', '/xinfang/t1l2l3/'],
      ['/xinfang/pg1/', '/xinfang/'],
      ['/xinfang/?page=2&keyword=湖', '/xinfang/pg2/?keyword=%E6%B9%96'],
    ];
    for (const [from, to] of cases) {
      const res = await get(encodeURI(from));
      t.equal(res.statusCode, 301, from);
      t.equal(res.headers.location, to, `${from} → ${to}`);
    }
    const data = await get('/-/data/xinfang/?sort=priceAsc');
    t.same(data.json(), { status: 301, redirect: '/xinfang/o1/' }, 'client navigation is told where the list moved');
  });

  t.test('client navigation gets the same list as data (GET /-/data/<path>)', async (t) => {
    const res = await get('/-/data/xinfang/s2/');
    t.equal(res.statusCode, 200);
    const body = res.json() as { status: number; route: { module: string; data: { list: Array<{ saleStatus: string }>; total: number } } };
    t.equal(body.route.module, 'xinfang/list');
    t.ok(body.route.data.list.length > 0);
    t.same([...new Set(body.route.data.list.map((e) => e.saleStatus))], ['期房']);
  });

  t.test('a keyword search lists matching estates and is not indexed', async (t) => {
    const word = estate.name.split('·').pop()!.slice(0, 2);
    const res = await get(`/xinfang/?keyword=${encodeURIComponent(word)}`);
    t.equal(res.statusCode, 200);
    t.ok(idsOf(res.body).length > 0);
    t.match(res.body, '<meta name="robots" content="noindex, follow">');
  });

  t.test('an unknown filter tail, region or page is the 404 screen', async (t) => {
    for (const u of ['/xinfang/beijing/', '/xinfang/t7/', '/xinfang/abc.html', '/xinfang/x/y/z/', '/xinfang/pg9999/']) {
      const res = await get(u);
      t.equal(res.statusCode, 404, u);
      t.match(res.body, '外星人', `${u} shows the 404 screen`);
    }
  });

  t.test('the estate page: name, status, prices by type, floor plans, agents, news, permits', async (t) => {
    const res = await get(`/xinfang/${estate.houseId}.html`);
    t.equal(res.statusCode, 200);
    t.equal(titleOf(res.body), `${estate.name}_长沙${estate.name}房价_户型图_售楼处电话_湘房网`);
    t.equal(canonicalOf(res.body), `${ORIGIN}/xinfang/${estate.houseId}.html`);
    t.match(res.body, /<meta name="description" content="[^"]*位于长沙[^"]*均价/);
    t.match(res.body, '"@type":"ApartmentComplex"');
    t.match(res.body, '各物业类型价格');
    const prices = await gw<Array<{ type: number; price: number }>>(`/api/house/louPanWylbPrice/${estate.houseId}/all`);
    for (const p of prices) t.match(res.body, `data-price="${p.price}"`, `price of type ${p.type}`);
    t.match(res.body, `/huxing/${detail.huxingList[0].huxingId}.html`);
    t.match(res.body, detail.DongTaiList[0].title);
    t.match(res.body, detail.belongerList[0].name);
    t.match(res.body, '预售许可证');
    t.match(res.body, `href="/photo?id=${estate.houseId}&amp;type=xinfang`, 'the gallery opens the /photo page of the estate');
    t.equal((await get(`/photo?id=${estate.houseId}&type=xinfang`)).statusCode, 200);
    t.match(res.body, /href="tel:[\d,]+"/, 'the agent phone from api/zhcall');
    t.match(res.body, `/login?bUrl=${encodeURIComponent('/im/session?')}`, 'a visitor’s chat goes to login with the session path');
    t.match(res.body, 'belongerId%3D', 'with the agent parameters');
    t.match(res.body, 'app--svbar');
    const member = await get(`/xinfang/${estate.houseId}.html`, { cookie: memberCookie() });
    t.match(member.body, 'href="/im/session?belongerId=', 'a member’s chat goes to the session');
    t.match(member.body, 'aria-pressed="false"', 'not yet a favourite');
    await gw(`/api/house/collect/addNewHouse/${estate.houseId}/u1001`);
    const fav = await get(`/xinfang/${estate.houseId}.html`, { cookie: memberCookie() });
    t.match(fav.body, 'aria-pressed="true"', 'a favourite estate shows 已收藏 to the member (SPEC 7.8 new-home kind)');
    t.match(fav.body, '已收藏');
  });

  t.test('the twins of the estate page share its canonical', async (t) => {
    for (const u of [
      `/xinfang/details?id=${estate.houseId}`,
      `/xinfang/details-old?id=${estate.houseId}`,
      `/ad/xinfang/${estate.houseId}.html`,
      `/xinfang/dy/${estate.houseId}.html`,
      `/fhlmxf/${estate.houseId}.html`,
      `/fhlmxf/details?id=${estate.houseId}`,
      `/xinfang/findByJingJiRenDaoGuo/${estate.houseId}/BMS001?belongerId=${detail.belongerList[0].belongerId}`,
    ]) {
      const res = await get(u);
      t.equal(res.statusCode, 200, u);
      t.match(res.body, estate.name);
      t.equal(canonicalOf(res.body), `${ORIGIN}/xinfang/${estate.houseId}.html`, `${u} canonical`);
    }
    t.match((await get(`/ad/xinfang/${estate.houseId}.html`)).body, 'xf-dt--ad');
    t.match(
      (await get(`/xinfang/findByJingJiRenDaoGuo/${estate.houseId}/BMS001?belongerId=${detail.belongerList[0].belongerId}`)).body,
      `置业顾问${detail.belongerList[0].name}为您推荐`,
    );
  });

  t.test('another city’s host lists its own estates, with its own region slugs and canonical host', async (t) => {
    const wh = { host: 'wh.localhost' };
    const res = await get('/xinfang/', wh);
    t.equal(res.statusCode, 200);
    t.match(titleOf(res.body), /^武汉新房_/);
    t.equal(canonicalOf(res.body), 'http://wh.localhost:3000/xinfang/');
    const whAll = (await gw<{ content: Estate[] }>('/api/house/findListByWap', { cityId: 2, size: 100 })).content;
    for (const id of idsOf(res.body))
      t.ok(
        whAll.some((e) => e.houseId === id),
        `${id} is a 武汉 estate`,
      );
    const slug = res.body.match(/href="\/xinfang\/([a-z]+)\/"/)?.[1];
    t.ok(slug, 'region links use slugs');
    const region = await get(`/xinfang/${slug}/`, wh);
    t.equal(region.statusCode, 200);
    t.equal((await get(`/xinfang/${whAll[0].houseId}.html`, wh)).statusCode, 200, 'its estates are pages of its host');
    t.equal((await get(`/xinfang/${estate.houseId}.html`, wh)).statusCode, 404, 'a 长沙 estate is not');
  });

  t.test('unknown, malformed and other-city estate ids are the 404 screen, never 500', async (t) => {
    for (const u of [
      '/xinfang/999999.html',
      '/xinfang/0.html',
      '/xinfang/99999999999999.html',
      '/xinfang/details?id=abc',
      '/xinfang/details',
      '/xinfang/details-old?id=-1',
      '/xinfang/details-old',
      `/xinfang/${other.houseId}.html`,
      '/ad/xinfang/999999.html',
      '/xinfang/dy/999999.html',
      '/fhlmxf/details?id=1e3',
      '/xinfang/findByJingJiRenDaoGuo/abc/1',
      '/xinfang/belonger?id=999999',
      '/xinfang/belonger',
      '/xinfang/daikanrengou/999999',
      '/xinfang/pjguwen/999999',
      '/xinfang/video/999999.html',
      '/xinfang/vr/abc.html',
      '/xinfang/wendalist?id=x',
      '/xinfangTabPages/nope',
      '/huxing/999999.html',
      '/huxing/detail?id=x',
      '/huxing/magnifyImg',
      '/huxing/lp999999/',
      '/huxing/l3/',
      '/huxing/foo/',
      '/dongtai/999999.html',
      '/dongtai/999999',
      '/dongtai/details?id=abc',
      '/dongtaiDetail/details?id=1&houseId=999999',
      '/dongtai/id',
    ]) {
      const res = await get(u);
      t.equal(res.statusCode, 404, u);
    }
  });

  t.test('agents, viewings, rating, Q&A, video and VR of an estate', async (t) => {
    const bel = await get(`/xinfang/belonger?id=${estate.houseId}`);
    t.equal(bel.statusCode, 200);
    t.match(titleOf(bel.body), `${estate.name}置业顾问`);
    for (const b of detail.belongerList) t.match(bel.body, b.name);
    t.equal(canonicalOf(bel.body), `${ORIGIN}/xinfang/belonger?id=${estate.houseId}`);

    const dk = await get(`/xinfang/daikanrengou/${estate.houseId}`);
    t.equal(dk.statusCode, 200);
    t.match(titleOf(dk.body), `${estate.name}带看认购记录`);
    t.match(dk.body, '月度认购');
    t.equal(
      canonicalOf((await get(`/xinfang/daikanrengou?id=${estate.houseId}`)).body),
      `${ORIGIN}/xinfang/daikanrengou/${estate.houseId}`,
    );

    const b0 = detail.belongerList[0];
    const pj = await get(`/xinfang/pjguwen/${b0.belongerId}?houseId=${estate.houseId}`);
    t.equal(pj.statusCode, 200);
    t.match(titleOf(pj.body), `评价置业顾问${b0.name}`);
    t.match(pj.body, '登录后即可评价', 'a visitor is asked to log in');
    t.match(
      pj.body,
      `/login?bUrl=${encodeURIComponent(`/xinfang/pjguwen/${b0.belongerId}?houseId=${estate.houseId}`)}`,
      'and comes back here',
    );
    const pjMember = await get(`/xinfang/pjguwen/${b0.belongerId}?houseId=${estate.houseId}`, { cookie: memberCookie() });
    t.match(pjMember.body, '提交评价', 'a member gets the rating form');

    const qa = await get(`/xinfang/wendalist?id=${estate.houseId}`);
    t.equal(qa.statusCode, 200);
    t.match(titleOf(qa.body), `${estate.name}问答`);
    t.equal((await get('/xinfang/wendalist')).statusCode, 200);
    const asked = await gw<{ content: Array<{ houseId: number; title: string }> }>('/api/wenda/list', {
      cityId: 1,
      category: '楼盘',
      size: 1,
    });
    const askedId = asked.content[0]?.houseId;
    if (askedId) {
      const withQ = await get(`/xinfang/wendalist?id=${askedId}`);
      t.equal(withQ.statusCode, 200);
      t.match(withQ.body, asked.content[0].title, 'the estate’s own questions');
    }
    const quiet = all.find((e) => e.houseId !== askedId && !qaCount.has(e.houseId));
    if (quiet)
      t.match((await get(`/xinfang/wendalist?id=${quiet.houseId}`)).body, '大家都在问', 'an estate without questions shows the city’s');

    for (const kind of ['video', 'vr'] as const) {
      const has = all.find((e) => (kind === 'vr' ? e.hasVr : e.hasVideo))!;
      const res = await get(`/xinfang/${kind}/${has.houseId}.html`);
      t.equal(res.statusCode, 200, kind);
      t.match(titleOf(res.body), `${has.name}${kind === 'vr' ? 'VR看房' : '视频看房'}`);
      t.equal(canonicalOf(res.body), `${ORIGIN}/xinfang/${kind}/${has.houseId}.html`);
      const index = await get(`/xinfang/${kind}`);
      t.equal(index.statusCode, 200);
      t.match(index.body, `/xinfang/${kind}/`);
      const without = all.find((e) => !(kind === 'vr' ? e.hasVr : e.hasVideo));
      if (without) t.equal((await get(`/xinfang/${kind}/${without.houseId}.html`)).statusCode, 404, `no ${kind}, no page`);
    }
  });

  t.test('city-wide pages: sales ranking, star agents, market, types, help-me-find, tabs, unread', async (t) => {
    const rank = await get('/xinfang/salesRanking');
    t.equal(rank.statusCode, 200);
    t.equal(titleOf(rank.body), '长沙新房销售排行榜_长沙热销楼盘排名_湘房网');
    const top = await gw<{ content: Array<{ name: string; rank: number }> }>('/api/newHouseSalesRank/pubPage?cityId=1&size=3');
    t.match(rank.body, top.content[0].name);
    t.ok(rank.body.indexOf(top.content[0].name) < rank.body.indexOf(top.content[1].name), 'in rank order');
    t.equal(linkOf(rank.body, 'next'), `${ORIGIN}/xinfang/salesRanking?page=2`);
    const rank2 = await get('/xinfang/salesRanking?page=2');
    t.equal(rank2.statusCode, 200);
    t.equal(canonicalOf(rank2.body), `${ORIGIN}/xinfang/salesRanking?page=2`);
    t.equal((await get('/xinfang/salesRanking?page=abc')).statusCode, 404);

    const stars = await get('/xinfang/starAgent');
    t.equal(stars.statusCode, 200);
    const star = await gw<{ content: Array<{ name: string }> }>('/api/newHouseStarBelonger/pubPage?cityId=1&size=1');
    t.match(stars.body, star.content[0].name);
    t.match(titleOf(stars.body), '长沙明星置业顾问');

    const hq = await get('/xinfang/hangqing');
    t.equal(hq.statusCode, 200);
    t.match(hq.body, '成交排行');
    t.match(titleOf(hq.body), '长沙新房行情');

    const cls = await get('/xinfang/houseClassifyData');
    t.equal(cls.statusCode, 200);
    for (const name of ['住宅', '联排', '别墅', '公寓', '写字楼', '商铺', '其他']) t.match(cls.body, `xf-type__name">${name}<`);
    t.match(cls.body, 'href="/xinfang/t5/"');

    const fh = await get('/xinfang/findHouse');
    t.equal(fh.statusCode, 200);
    t.match(fh.body, 'action="/xinfang/"');
    t.match(fh.body, '<meta name="robots" content="noindex">', 'no-cache pages are not indexed');

    for (const tab of ['hot', 'newest', 'recommend', 'xianfang']) {
      const res = await get(`/xinfangTabPages/${tab}`);
      t.equal(res.statusCode, 200, tab);
      t.equal(canonicalOf(res.body), `${ORIGIN}/xinfangTabPages/${tab}`);
    }
    t.match((await get('/xinfangTabPages/')).body, '热门楼盘');

    const unread = await get('/xinfang/unreadlist');
    t.equal(unread.statusCode, 200);
    t.match(unread.body, '登录后查看未读消息');
    t.match((await get('/xinfang/unreadlist', { cookie: memberCookie() })).body, '暂无未读消息', 'a member sees the inbox');
  });

  t.test('floor plans: an estate’s plans by rooms, one plan, the big picture', async (t) => {
    const list = await get(`/huxing/lp${estate.houseId}/`);
    t.equal(list.statusCode, 200);
    t.match(titleOf(list.body), `${estate.name}户型图`);
    for (const h of detail.huxingList) t.match(list.body, `/huxing/${h.huxingId}.html`);
    const rooms = detail.huxingList[0].rooms;
    const byRooms = await get(`/huxing/lp${estate.houseId}/l${rooms}/`);
    t.equal(byRooms.statusCode, 200);
    t.equal(canonicalOf(byRooms.body), `${ORIGIN}/huxing/lp${estate.houseId}/l${rooms}/`);
    const shown = [...byRooms.body.matchAll(/data-rooms="(\d)"/g)].map((m) => Number(m[1]));
    t.ok(shown.length > 0);
    t.same([...new Set(shown)], [rooms], `only ${rooms}-room plans`);
    t.equal((await get('/huxing/')).statusCode, 200);

    const plan = detail.huxingList[detail.huxingList.length - 1];
    const one = await get(`/huxing/${plan.huxingId}.html`);
    t.equal(one.statusCode, 200);
    t.match(titleOf(one.body), estate.name);
    t.equal(canonicalOf(one.body), `${ORIGIN}/huxing/${plan.huxingId}.html`);
    const viaQuery = await get(`/huxing/detail?id=${plan.huxingId}`);
    t.equal(viaQuery.statusCode, 200);
    t.equal(canonicalOf(viaQuery.body), `${ORIGIN}/huxing/${plan.huxingId}.html`);
    const mag = await get(`/huxing/magnifyImg?id=${plan.huxingId}`);
    t.equal(mag.statusCode, 200);
    t.match(mag.body, '户型大图');
    // A plan of another city is not a page of this city's site.
    const otherPlans = await gw<Array<{ huxingId: number }>>('/api/houseinfo/getListByLpId', { lpId: other.houseId });
    t.equal((await get(`/huxing/${otherPlans[0].huxingId}.html`)).statusCode, 404);
  });

  t.test('estate news: the feed, one item and its old-style twin', async (t) => {
    const feed = await get(`/dongtai/${estate.houseId}`);
    t.equal(feed.statusCode, 200);
    t.match(titleOf(feed.body), `${estate.name}最新动态`);
    for (const d of detail.DongTaiList) t.match(feed.body, `/dongtai/${d.DTid}.html`);
    t.equal(canonicalOf((await get(`/dongtai/id?id=${estate.houseId}`)).body), `${ORIGIN}/dongtai/${estate.houseId}`);
    const item = detail.DongTaiList[0];
    for (const u of [
      `/dongtai/${item.DTid}.html`,
      `/dongtai/details?id=${item.DTid}`,
      `/dongtaiDetail/details?id=${item.DTid}&houseId=${estate.houseId}`,
    ]) {
      const res = await get(u);
      t.equal(res.statusCode, 200, u);
      t.match(titleOf(res.body), `${item.title}_${estate.name}动态`);
      t.equal(canonicalOf(res.body), `${ORIGIN}/dongtai/${item.DTid}.html`);
    }
    t.match((await get(`/dongtai/${item.DTid}.html`)).body, '"@type":"NewsArticle"');
  });
});
