import t from 'tap';
import { backendRows, cookieOf, formPost, memberPortal } from '../member/helpers.ts';

/**
 * Issue 37 part 4: /duibi shows the homes of its URL side by side; every figure is the one its detail page shows
 * (one number for one thing), the monthly payment the calculator's for the detail's calculator link; the best value
 * of a row is marked; the page is noindex and cached for visitors; malformed or all-gone ids are the 404 screen.
 */

const { app, backend, cookie, member, portal } = await memberPortal(t, '13837370002', '比房的人');
const sale = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 4').map(
  (r) => r.id as number,
);
const rents = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 AND status = 1 ORDER BY id LIMIT 2').map(
  (r) => r.id as number,
);
const estates = backendRows(backend, 'SELECT id FROM loupan WHERE city_id = 1 ORDER BY id LIMIT 2').map((r) => r.id as number);

/** The cells of a row of the table, as text (React's text separators and the 优 mark taken out). */
function row(html: string, key: string): string[] {
  const tr = html.match(new RegExp(`<tr[^>]*data-row="${key}"[^>]*>([\\s\\S]*?)</tr>`))?.[1];
  if (!tr) return [];
  return [...tr.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) =>
    m[1]
      .replace(/<span class="cmp-best">优<\/span>/, '')
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ''),
  );
}
const bestCols = (html: string, key: string): number[] => {
  const tr = html.match(new RegExp(`<tr[^>]*data-row="${key}"[^>]*>([\\s\\S]*?)</tr>`))?.[1] ?? '';
  return [...tr.matchAll(/<td([^>]*)>/g)].flatMap((m, i) => (m[1].includes('is-best') ? [i] : []));
};
const text = (html: string) => html.replace(/<!-- -->/g, '');
/** The screen's markup (the serialized state may hold JSON nulls). */
const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';

t.test('four second-hand homes: each row holds the figures of their detail pages, and the calculator’s monthly payment', async (t) => {
  const res = await app.inject({ url: `/duibi?type=ershoufang&ids=${sale.join(',')}` });
  t.equal(res.statusCode, 200);
  const html = res.body;
  t.match(html, /<h1 class="cmp__title">二手房(<!-- -->)?对比/);
  for (const key of [
    'price',
    'unitPrice',
    'area',
    'layout',
    'floor',
    'orientation',
    'age',
    'decoration',
    'communityAvg',
    'school',
    'metro',
    'monthly',
  ]) {
    t.equal(row(html, key).length, 4, `row ${key} has a cell per home`);
  }
  t.match(
    html,
    /<th scope="row">月供<small class="cmp-table__note">（商贷30年，首付30%，LPR 3\.5%）<\/small><\/th>/,
    'the monthly row names the calculator’s settings',
  );
  t.notMatch(mainOf(html), /undefined|NaN|null/, 'nothing prints undefined, NaN or null');
  for (const [i, id] of sale.entries()) {
    const detail = text((await app.inject({ url: `/ershoufang/${id}.html` })).body);
    for (const key of ['price', 'unitPrice', 'area', 'layout', 'floor', 'orientation', 'decoration']) {
      t.ok(detail.includes(`>${row(html, key)[i]}<`), `home ${id}: ${key} ${row(html, key)[i]} is on its detail page`);
    }
    const age = row(html, 'age')[i];
    if (age !== '—') t.ok(detail.includes(`>${age}<`), `home ${id}: 年代 ${age} on its detail`);
    const avg = row(html, 'communityAvg')[i].replace('元/㎡', '');
    t.ok(detail.includes(`class="dt-xq__price">${avg}</b>`), `home ${id}: 小区均价 ${avg} on its community card`);
    const metro = row(html, 'metro')[i];
    if (metro !== '—') {
      const [station, distance] = metro.split(' ');
      t.ok(new RegExp(`${station}（[^）]*）${distance}`).test(detail), `home ${id}: 最近地铁 ${metro} on its location map`);
    }
    // the calculator link of the detail, opened: its monthly payment is the row's
    const link = detail.match(/href="(\/jisuanqi\?[^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
    t.ok(link, 'the detail links the calculator');
    const calc = text((await app.inject({ url: link as string })).body);
    const monthly = calc.match(/data-figure="monthly">([^<]+)</)?.[1];
    t.equal(`${monthly}元`, row(html, 'monthly')[i], `home ${id}: 月供 equals the calculator’s`);
  }
  const school = row(html, 'school')[0];
  const stress = backendRows(backend, 'SELECT xiaoqu_id FROM listing WHERE id = ?', sale[0])[0].xiaoqu_id as number;
  const community = text((await app.inject({ url: `/xiaoqu/${stress}.html` })).body);
  t.match(
    community,
    new RegExp(`data-testid="xiaoqu-schools"[\\s\\S]*<strong>${school}</strong>`),
    'the school is the community’s 对口学校',
  );
});

t.test(
  'the best value of a row is marked: the lowest price, the largest area, the newest building; the rows that differ are tinted',
  async (t) => {
    const html = (await app.inject({ url: `/duibi?type=ershoufang&ids=${sale.join(',')}` })).body;
    const prices = row(html, 'price').map((c) => Number(c.replace('万', '')));
    t.same(bestCols(html, 'price'), [prices.indexOf(Math.min(...prices))]);
    const areas = row(html, 'area').map((c) => Number(c.replace('㎡', '')));
    t.same(bestCols(html, 'area'), [areas.indexOf(Math.max(...areas))]);
    t.same(bestCols(html, 'layout'), [], 'a matter of taste is not marked');
    t.match(html, /<tr class="is-diff" data-row="price">/);
    const twice = (await app.inject({ url: `/duibi?type=ershoufang&ids=${sale[0]}` })).body;
    t.same(bestCols(twice, 'price'), [], 'one home has no best');
  },
);

t.test('rentals and new homes get their own rows', async (t) => {
  const rent = await app.inject({ url: `/duibi/zufang/${rents.join('-')}` });
  t.equal(rent.statusCode, 200, 'the path form');
  t.equal(row(rent.body, 'price').length, 2);
  t.match(rent.body, /<th scope="row">租金<\/th>/);
  t.notMatch(rent.body, /data-row="monthly"|data-row="unitPrice"/, 'no unit price or monthly payment for a rent');
  const xf = await app.inject({ url: `/duibi?type=xinfang&ids=${estates.join(',')}` });
  t.equal(xf.statusCode, 200);
  t.match(xf.body, /<th scope="row">参考均价<\/th>/);
  t.match(xf.body, /<th scope="row">月供<small class="cmp-table__note">（最低总价，商贷30年，首付30%，LPR 3\.5%）<\/small><\/th>/);
  t.notMatch(xf.body, /data-row="communityAvg"/);
  t.notMatch(mainOf(xf.body), /undefined|NaN|null/);
  const detail = text((await app.inject({ url: `/xinfang/${estates[0]}.html` })).body);
  t.ok(detail.includes(row(xf.body, 'price')[0].replace('元/㎡', '')), 'the average is the detail’s');
  t.ok(detail.includes(`>${row(xf.body, 'total')[0]}<`), 'the price band is the detail’s');
});

t.test('noindex, a canonical of its own, and cached for visitors (it depends on its URL only)', async (t) => {
  const url = `/duibi?type=ershoufang&ids=${sale.slice(0, 3).join(',')}`;
  const first = await app.inject({ url });
  t.match(first.body, /<meta name="robots" content="noindex, follow"/);
  t.match(first.body, new RegExp(`<link rel="canonical" href="[^"]*/duibi\\?type=ershoufang&amp;ids=${sale.slice(0, 3).join(',')}"`));
  t.equal(first.headers['x-cache'], 'MISS');
  const again = await app.inject({ url: `${url}&utm_source=x` });
  t.equal(again.headers['x-cache'], 'HIT', 'a visitor’s second look is from the cache');
  const asMember = await app.inject({ url, headers: { cookie } });
  t.not(asMember.headers['x-cache'], 'HIT', 'never for a member');
});

t.test('malformed ids, an unknown kind, more than four or all gone: the 404 screen; some gone: named', async (t) => {
  for (const url of [
    '/duibi?type=ershoufang&ids=abc',
    '/duibi?type=ershoufang&ids=1,,2',
    '/duibi?type=ershoufang&ids=01',
    `/duibi?type=villa&ids=${sale[0]}`,
    `/duibi?type=ershoufang&ids=${[...sale, 99].join(',')}`,
    '/duibi?type=ershoufang',
    '/duibi?type=ershoufang&ids=2147483000',
    `/duibi?type=zufang&ids=${sale[0]}`,
    '/duibi/villa/1-2',
  ]) {
    const res = await app.inject({ url });
    t.equal(res.statusCode, 404, url);
  }
  const some = await app.inject({ url: `/duibi?type=ershoufang&ids=${sale[0]},2147483000` });
  t.equal(some.statusCode, 200);
  t.match(text(some.body), /1套房源已下架或不存在（编号 2147483000），未列入对比/);
});

t.test('without ids: a visitor sees how to add homes; a member sees the list kept on the gateway, with a refusal said', async (t) => {
  const visitor = await app.inject({ url: '/duibi' });
  t.equal(visitor.statusCode, 200);
  t.match(visitor.body, /还没有加入对比的房源/);
  for (const id of sale.slice(0, 2)) await formPost(app, '/-/compare/add', { item: `ershoufang:${id}` }, cookie);
  const refused = await formPost(app, '/-/compare/add', { item: `zufang:${rents[0]}` }, cookie);
  t.equal(refused.statusCode, 303);
  const page = await app.inject({ url: refused.headers.location as string, headers: { cookie } });
  t.equal(page.statusCode, 200);
  t.match(page.body, /对比栏里是二手房，租房不能和二手房放在一起对比/);
  const mine = await app.inject({ url: '/duibi', headers: { cookie } });
  t.equal(row(mine.body, 'price').length, 2, 'the member’s two homes');
  t.not(mine.headers['x-cache'], 'HIT');
  const other = cookieOf(portal, member);
  t.equal(row((await app.inject({ url: '/duibi', headers: { cookie: other } })).body, 'price').length, 2, 'in any browser');
});
