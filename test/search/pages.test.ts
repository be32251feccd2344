import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { FEATURED_XIAOQU } from '../../src/backend/seed/index.ts';
import { seededDataDir } from '../helpers/backend.ts';
import { buildTestApp, readRegistry } from '../helpers/build.ts';

/** Issue 14: /search (results, no match, hostile input) and /city (every city, current one, links to the city hosts). */

// The embedded gateway, counting the calls it answers.
const calls: string[] = [];
const gateway = await buildBackend({ dataDir: await seededDataDir(), logger: false });
gateway.addHook('onRequest', async (req) => {
  calls.push(req.url);
});
await gateway.listen({ port: 0, host: '127.0.0.1' });
const address = gateway.server.address();
const gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const logLines: string[] = [];
const portal = await buildTestApp({ gatewayUrl, logLines });
t.teardown(async () => {
  await portal.close();
  await gateway.close();
});
const { app } = portal;
const site = readRegistry().site;
const get = (url: string, host = 'localhost') => app.inject({ url, headers: { host } });
/** The page a link leads to, following the lists' canonical redirects. */
async function follow(url: string) {
  let res = await get(url);
  for (let i = 0; i < 3 && res.statusCode >= 300 && res.statusCode < 400; i++) res = await get(String(res.headers.location));
  return res;
}
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

t.test('/search?q= renders the results: counts per kind, the first items, 查看全部 links that answer 200', async (t) => {
  const res = await get(`/search?q=${encodeURIComponent(FEATURED_XIAOQU)}`);
  t.equal(res.statusCode, 200);
  const text = textOf(res.body);
  t.match(text, /共找到 \d+ 个结果/);
  t.match(res.body, /data-kind="xiaoqu"/);
  t.match(text, /小区\d+个/);
  t.match(res.body, new RegExp(`href="/xiaoqu/\\d+\\.html"[^>]*><span class="srch-item__title">${FEATURED_XIAOQU}</span>`));
  t.match(res.body, /data-kind="ershoufang"/, 'its second-hand listings are found by its name');
  const more = [...res.body.matchAll(/<a href="([^"]+)" class="srch-group__more"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  t.ok(more.length >= 2, `查看全部 links: ${more.join(' ')}`);
  t.ok(more.includes(`/xiaoqu/?keyword=${encodeURIComponent(FEATURED_XIAOQU)}`));
  t.ok(more.includes(`/ershoufang/?keyword=${encodeURIComponent(FEATURED_XIAOQU)}`));
  for (const href of more) t.equal((await follow(href)).statusCode, 200, href);
  t.match(res.body, `<title>“${FEATURED_XIAOQU}”的搜索结果`);
  t.match(res.body, `rel="canonical" href="http://localhost:${site.publicPort}/search?q=${encodeURIComponent(FEATURED_XIAOQU)}"`);
});

t.test('the older ?keyword= of the search boxes gives the same results; pinyin finds the places', async (t) => {
  const res = await get(`/search?keyword=${encodeURIComponent(FEATURED_XIAOQU)}`);
  t.equal(res.statusCode, 200);
  t.match(textOf(res.body), /共找到 \d+ 个结果/);
  const py = await get('/search?q=sdy');
  t.match(py.body, `<span class="srch-item__title">${FEATURED_XIAOQU}</span>`);
  t.match(textOf(py.body), `房源按“${FEATURED_XIAOQU}”查找`, 'the initials name 时代苑: its listings are searched by that name');
  t.match(py.body, /data-kind="ershoufang"/);
  t.match(py.body, `href="/ershoufang/?keyword=${encodeURIComponent(FEATURED_XIAOQU)}" class="srch-group__more"`);
  const partial = await get('/search?q=shidai');
  t.notMatch(textOf(partial.body), '房源按', 'a keyword that names no place whole is searched as typed');
});

t.test('/search without a keyword offers the hot searches of every kind from the gateway', async (t) => {
  const res = await get('/search');
  t.equal(res.statusCode, 200);
  t.match(res.body, 'data-testid="hot-searches"');
  for (const label of ['大家都在搜', '热门小区', '热门新房']) t.match(textOf(res.body), label);
  t.ok(calls.some((c) => c.startsWith('/api/search/hotcommont/5/1')));
  t.match(res.body, /href="\/search\?q=%E5%AD%A6%E5%8C%BA%E6%88%BF"/, '学区房 is a hot search, a link to its results');
  t.match(res.body, 'name="q"', 'one box');
  t.match(res.body, 'action="/search"');
});

t.test('a keyword with no match says so and offers the hot searches', async (t) => {
  const res = await get(`/search?q=${encodeURIComponent('火星基地')}`);
  t.equal(res.statusCode, 200);
  t.match(res.body, 'data-testid="no-match"');
  t.match(textOf(res.body), '没有找到与“火星基地”相关的结果');
  t.match(res.body, 'data-testid="hot-searches"');
  t.match(res.body, '学区房');
});

t.test('a hostile keyword is rendered as text and logged with hasXss', async (t) => {
  for (const hostile of ['<script>alert(1)</script>', `'"><img src=x onerror=1>`]) {
    logLines.length = 0;
    const res = await get(`/search?q=${encodeURIComponent(hostile)}`);
    t.equal(res.statusCode, 200, 'served');
    t.notMatch(res.body, hostile, 'never as markup');
    t.notMatch(res.body, '<img src=x');
    t.match(res.body, hostile.includes('script') ? '&lt;script&gt;alert(1)&lt;/script&gt;' : '&lt;img src=x onerror=1&gt;', 'as text');
    const flagged = logLines.map((l) => JSON.parse(l)).find((l) => l.hasXss === true);
    t.equal(flagged?.path, '/search', 'logged');
  }
});

t.test('/city lists every city of the gateway by initial, marks the current one, links to its host on the same page', async (t) => {
  const cities = (await (await fetch(`${gatewayUrl}/api/city/findAll`)).json()).obj as Array<{
    name: string;
    domain: string;
    cityId: number;
    pinyin: string;
  }>;
  t.ok(cities.length >= 30, `${cities.length} cities`);
  const res = await get('/city?from=%2Fershoufang%2F', 'wh.localhost');
  t.equal(res.statusCode, 200);
  const port = site.publicPort && site.publicPort !== 80 ? `:${site.publicPort}` : '';
  for (const c of cities) {
    const host = c.cityId === site.defaultCityId ? site.mobileHost : `${c.domain}.${site.mobileHost}`;
    t.match(res.body, `href="${site.scheme}://${host}${port}/ershoufang/"`, `${c.name} → its host`);
    const letter = c.pinyin[0].toUpperCase();
    const section = res.body.match(new RegExp(`data-letter="${letter}">([\\s\\S]*?)</section>`))?.[1] ?? '';
    t.match(section, `>${c.name}`, `${c.name} under ${letter}`);
  }
  const letters = [...res.body.matchAll(/data-letter="([A-Z])"/g)].map((m) => m[1]);
  t.same(letters, [...letters].sort(), 'A to Z');
  t.match(res.body, 'aria-label="按字母查找城市"', 'the A–Z index');
  t.match(res.body, /data-testid="current-city">武汉</);
  t.match(res.body, /class="cityp__row is-current" aria-current="true">武汉/);
  t.match(textOf(res.body), '热门城市');
});

t.test('a hostile or missing return path falls back to /', async (t) => {
  for (const from of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com', '']) {
    const res = await get(`/city?from=${encodeURIComponent(from)}`);
    t.equal(res.statusCode, 200);
    t.match(res.body, `href="${site.scheme}://wh.${site.mobileHost}:${site.publicPort}/"`, `${from || '(none)'} → /`);
    t.notMatch(res.body, /href="(?:[a-z]+:)?[/\\]{2}[^"/]*evil\.example/, 'no link leads there');
  }
});

t.test('the city list is fetched from the gateway once for two requests (SPEC 9: cached 2 hours)', async (t) => {
  // A portal of its own: its city cache starts empty.
  const fresh = await buildTestApp({ gatewayUrl });
  t.teardown(() => fresh.close());
  const before = calls.filter((c) => c.startsWith('/api/city/findAll')).length;
  for (const from of ['/zufang/', '/xinfang/']) {
    const res = await fresh.app.inject({ url: `/city?from=${encodeURIComponent(from)}` });
    t.equal(res.statusCode, 200);
    t.match(res.body, `:${site.publicPort}${from}"`, 'each with its own return path (not a page-cache hit)');
  }
  t.equal(calls.filter((c) => c.startsWith('/api/city/findAll')).length - before, 1, 'one gateway call for both');
});

t.test('the header links to /city with the current page; /city/{digits} still goes home (SPEC 2.5)', async (t) => {
  const res = await get('/aboutUs');
  t.match(res.body, 'href="/city?from=%2FaboutUs"');
  const r = await get('/city/123');
  t.equal(r.statusCode, 301);
  t.equal(r.headers.location, '/');
});

t.test('a pinyin search sends 查看全部 to the lists with the Chinese name it resolved to', async (t) => {
  const res = await get('/search?q=sdy');
  t.equal(res.statusCode, 200);
  const href = `/xiaoqu/?keyword=${encodeURIComponent(FEATURED_XIAOQU)}`;
  t.match(res.body, `href="${href}"`, 'the communities list, by 时代苑');
  t.notMatch(res.body, 'href="/xiaoqu/?keyword=sdy"', 'never the raw pinyin the list cannot match');
  const list = await get(href);
  t.equal(list.statusCode, 301, 'the list answers with its canonical keyword path');
  const page = await get(list.headers.location as string);
  t.equal(page.statusCode, 200);
  t.match(page.body, FEATURED_XIAOQU, 'and lists 时代苑');
});

t.test('free-text searches are not page-cached; a search that names a known place is (issue 33 part 3)', async (t) => {
  await get('/');
  t.equal((await get('/')).headers['x-cache'], 'HIT', 'the home page is cached');
  const before = app.pageCache.size;
  for (let i = 0; i < 300; i++) {
    const res = await get(`/search?q=${encodeURIComponent(`不存在的关键词${i}号`)}`);
    t.equal(res.statusCode, 200);
    if (i === 0) t.not(res.headers['x-cache'], 'HIT');
  }
  t.equal(app.pageCache.size, before, '300 free-text keywords added no cache entry');
  t.equal((await get('/')).headers['x-cache'], 'HIT', 'the home page is still cached');
  const place = `/search?q=${encodeURIComponent(FEATURED_XIAOQU)}`;
  await get(place);
  t.equal((await get(place)).headers['x-cache'], 'HIT', `a search for ${FEATURED_XIAOQU}, a community, is cached`);
});
