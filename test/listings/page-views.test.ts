import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { MEMBER } from '../helpers/build.ts';
import { backendObj, backendRows, canonical, description, ORIGIN, portalOverBackend, title } from './helpers.ts';

/**
 * SPEC 7.4: a listing's detail page counts its view (by house number) and keeps it in a member's view history; ad
 * variants record nothing (SPEC 4). The pages only load: the pipeline sends the view, fire and forget (issue 12
 * point 2), so the tests wait for the gateway's database to show it.
 */
const { portal, backend, get } = await portalOverBackend(t);
type Item = { houseId: number; houseNumber: string };
const first = async (houseType: number, extra: Record<string, unknown> = {}) =>
  (await backendObj<{ content: Item[] }>(backend, '/api/house/search/findByCondition', { cityId: 1, houseType, size: 1, ...extra }))
    .content[0] as Item;
const viewNum = (id: number) => Number(backendRows(backend, 'SELECT view_num FROM listing WHERE id = ?', id)[0]?.view_num);
const historyOf = (id: number) => backendRows(backend, 'SELECT member_id, source FROM view_history WHERE house_id = ?', id);

/** Polls until `read` differs from `before` (the write is fire and forget), then lets stragglers land. */
async function settled<T>(read: () => T, before: T): Promise<T> {
  for (let i = 0; i < 100 && JSON.stringify(read()) === JSON.stringify(before); i++) await sleep(20);
  await sleep(100);
  return read();
}

const esf = await first(11);
const zf = await first(12);
const zuyj = await first(12, { rentType: '整租', decoration: '精装' });
const shop = await first(13);

t.test('a visitor opening a detail page counts one view of the listing; an ad variant counts none', async (t) => {
  const cases: Array<{ house: Item; ads: string[]; page: string }> = [
    {
      house: esf,
      ads: [`/ad/ershoufang/${esf.houseId}.html`, `/ershoufang/details?id=${esf.houseId}&ad=true`],
      page: `/ershoufang/${esf.houseId}.html`,
    },
    { house: zf, ads: [`/ad/zufang/${zf.houseId}.html`], page: `/zufang/details?id=${zf.houseId}` },
    { house: zuyj, ads: [], page: `/zufang/zuyj/${zuyj.houseId}.html` },
    { house: shop, ads: [`/shangpucs/details?id=${shop.houseId}&ad=true`], page: `/zhaopucs/${shop.houseId}.html` },
  ];
  for (const { house, ads, page } of cases) {
    const before = viewNum(house.houseId);
    for (const ad of ads) t.equal((await get(ad)).statusCode, 200, ad);
    t.equal((await get(page)).statusCode, 200, page);
    t.equal(await settled(() => viewNum(house.houseId), before), before + 1, `${page}: one view, none for ${ads.join(', ') || 'no ad'}`);
  }
});

t.test("a member's detail visit is kept in their view history; their ad visit is not", async (t) => {
  const cookie = portal.memberCookie();
  t.same(historyOf(esf.houseId), [], 'no history yet');
  t.equal((await get(`/ad/ershoufang/${esf.houseId}.html`, { cookie })).statusCode, 200);
  t.equal((await get(`/ershoufang/${esf.houseId}.html`, { cookie })).statusCode, 200);
  t.same(await settled(() => historyOf(esf.houseId), []), [{ member_id: MEMBER.uid, source: 'wap' }], 'one entry, from the plain page');
});

t.test('a list page, a missing listing and a malformed id record nothing', async (t) => {
  const before = viewNum(esf.houseId);
  for (const [url, status] of [
    ['/ershoufang/', 200],
    ['/ershoufang/99999999.html', 404],
    ['/ershoufang/details?id=0196', 404],
  ] as const) {
    t.equal((await get(url)).statusCode, status, url);
  }
  await sleep(150);
  t.equal(viewNum(esf.houseId), before);
});

t.test('the list redirects and heads follow the registry params.list, whatever the entries are called', async (t) => {
  const { buildAppOverBackend } = await import('../helpers/build.ts');
  const renamed = await buildAppOverBackend(t, {
    editRegistry: (r) => {
      for (const page of r.pages) if (page.params?.list) page.name = `ops-renamed-${page.params.list}`;
    },
  });
  const inject = (url: string) => renamed.app.inject({ url });
  for (const [from, to] of [
    ['/ershoufang/?price=3&rooms=2', '/ershoufang/p3l2/'],
    ['/ershoufang/l2p3/', '/ershoufang/p3l2/'],
    ['/duanzu/?price=2', '/duanzu/rp2/'],
    ['/zhaopu/?deal=2', '/zhaopu/ty2/'],
  ]) {
    const r = await inject(from);
    t.equal(r.statusCode, 301, from);
    t.equal(r.headers.location, to, `${from} → ${to}`);
  }
  t.equal((await inject('/ershoufang/zzzz/')).statusCode, 404, 'an unknown tail is still the 404 screen');
  const list = await inject('/ershoufang/p3l2/');
  t.equal(list.statusCode, 200);
  t.equal(title(list.body), '长沙二手房_80-100万 二室_长沙二手房出售_湘房网');
  t.equal(canonical(list.body), `${ORIGIN}/ershoufang/p3l2/`);
  const duanzu = await inject('/zufang/duanzu');
  t.equal(title(duanzu.body), '长沙短租房_长沙短租房信息_湘房网', 'the short-term list keeps its own noun');
  t.equal(canonical(duanzu.body), `${ORIGIN}/duanzu/`);
});

t.test("the city's second-hand feed states the gateway's counts of new and price-cut listings", async (t) => {
  const count = async (extra: Record<string, unknown>) =>
    (
      await backendObj<{ totalElements: number }>(backend, '/api/house/search/findByCondition', {
        cityId: 1,
        houseType: 11,
        size: 1,
        ...extra,
      })
    ).totalElements;
  const [all, cut] = await Promise.all([count({}), count({ priceChange: true })]);
  const r = await get('/ershoufang/dongtai');
  t.equal(r.statusCode, 200);
  t.equal(description(r.body), `长沙二手房最新动态：新上房源${all}套，调价房源${cut}套，每日更新。`);
});
