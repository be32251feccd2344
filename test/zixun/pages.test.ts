import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { startFakeGateway } from '../helpers/fake-gateway.ts';
import { assertNotFoundScreens, canonical, description, portalOverBackend, title } from '../listings/helpers.ts';
import { jsonLd } from '../xiaoqu/helpers.ts';
import { articleLinks, backendRows, docRow, plain } from './helpers.ts';

/** Issue 15 part A: the news and buying-guide lists, an article, its comments page, an account page (SPEC 2.3, 2.4, 7.10). */
const { backend, get } = await portalOverBackend(t);
const ORIGIN = 'http://localhost:3000';
const ZIXUN_TYPES = [1, 2, 4, 5, 6];
const DAOGOU_TYPES = [3, 7, 8];

t.test(
  '/zixun/ lists the city’s news; every article link is a /zixun/{id}.html that answers 200 with canonical and NewsArticle',
  async (t) => {
    const r = await get('/zixun/');
    t.equal(r.statusCode, 200);
    t.match(title(r.body), /^长沙房产资讯_楼市新闻_政策解读_湘房网$/);
    t.equal(canonical(r.body), `${ORIGIN}/zixun/`);
    const links = articleLinks(r.body);
    t.ok(links.length >= 5, 'articles are listed');
    t.ok(
      links.every((l) => l.startsWith('/zixun/')),
      'the news list links news articles only',
    );
    for (const link of links.slice(0, 3)) {
      const id = Number(/(\d+)\.html/.exec(link)?.[1]);
      const row = docRow(backend, id);
      t.equal(row.city_id, 1, 'an article of the city');
      t.ok(ZIXUN_TYPES.includes(row.type_id), 'a news type');
      const d = await get(link);
      t.equal(d.statusCode, 200, link);
      t.equal(canonical(d.body), `${ORIGIN}${link}`);
      t.match(plain(d.body), `<h1 class="art-detail__title">${row.title}</h1>`);
      const article = jsonLd(d.body).find((l) => l['@type'] === 'NewsArticle') as { headline: string; datePublished: string } | undefined;
      t.equal(article?.headline, row.title, 'NewsArticle headline');
      t.match(article?.datePublished, /^\d{4}-\d{2}-\d{2}T/);
      t.ok(
        jsonLd(d.body).some((l) => l['@type'] === 'BreadcrumbList'),
        'a breadcrumb',
      );
    }
  },
);

t.test('/zixun/details?id= is the same article with the same canonical', async (t) => {
  const [link] = articleLinks((await get('/zixun/')).body);
  const id = /(\d+)\.html/.exec(link as string)?.[1];
  const r = await get(`/zixun/details?id=${id}`);
  t.equal(r.statusCode, 200);
  t.equal(canonical(r.body), `${ORIGIN}${link}`);
});

t.test('/daogou/ lists buying guides whose /daogou/{id}.html and /daogou/details answer 200 with NewsArticle', async (t) => {
  const r = await get('/daogou/');
  t.equal(r.statusCode, 200);
  t.equal(canonical(r.body), `${ORIGIN}/daogou/`);
  const links = articleLinks(r.body);
  t.ok(links.length >= 3);
  t.ok(links.every((l) => l.startsWith('/daogou/')));
  const id = Number(/(\d+)\.html/.exec(links[0] as string)?.[1]);
  t.ok(DAOGOU_TYPES.includes(docRow(backend, id).type_id), 'a buying-guide type');
  for (const url of [`/daogou/${id}.html`, `/daogou/details?id=${id}`]) {
    const d = await get(url);
    t.equal(d.statusCode, 200, url);
    t.equal(canonical(d.body), `${ORIGIN}/daogou/${id}.html`);
    t.ok(jsonLd(d.body).some((l) => l['@type'] === 'NewsArticle'));
  }
  t.equal((await get(`/zixun/${id}.html`)).statusCode, 404, 'a buying guide is not a news article');
});

t.test('the category tabs come from the gateway’s types and each tab lists only its type', async (t) => {
  const r = await get('/zixun/');
  const nav = /<nav class="art-tabs"[\s\S]*?<\/nav>/.exec(plain(r.body))?.[0] ?? '';
  const tabs = [...nav.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
  t.same(tabs[0], ['/zixun/', '推荐']);
  const names = backendRows(backend, 'SELECT id, name FROM info_type') as Array<{ id: number; name: string }>;
  t.same(
    tabs.slice(1),
    [1, 2, 4, 6, 5].map((id) => [`/zixun/${id}`, names.find((n) => n.id === id)?.name]),
    'one tab per news type, named by getInfoTypeListByArr',
  );
  const policy = await get('/zixun/2');
  t.equal(policy.statusCode, 200);
  t.match(plain(policy.body), /<a aria-current="page" href="\/zixun\/2" class="art-tabs__tab is-on">政策解读<\/a>/);
  t.equal(canonical(policy.body), `${ORIGIN}/zixun/2`);
  const ids = articleLinks(policy.body).map((l) => Number(/(\d+)\.html/.exec(l)?.[1]));
  t.ok(ids.length > 0);
  t.ok(
    ids.every((id) => docRow(backend, id).type_id === 2),
    'only 政策解读 articles',
  );
});

t.test('an article shows its source account (linked to its page), body blocks, the estate it mentions, hot comments', async (t) => {
  const row = backendRows(
    backend,
    'SELECT d.id, a.user_name, a.name FROM info_doc d JOIN xhaccount a ON a.id = d.account_id WHERE d.city_id = 1 AND d.type_id = 1 AND d.comment_num > 2 LIMIT 1',
  )[0] as { id: number; user_name: string; name: string };
  const r = await get(`/zixun/${row.id}.html`);
  const html = plain(r.body);
  t.match(html, `href="/zixun/account/${row.user_name}"`, 'the source links to its account page');
  t.match(html, `<strong class="art-acc__name">${row.name}</strong>`);
  const blocks = JSON.parse(docRow(backend, row.id).content) as Array<{ type: string; text?: string; houseId?: number }>;
  const text = blocks.map((b) => b.text ?? '').join('');
  t.ok(text.length >= 600 && text.length <= 2000, `the body holds 600 to 2,000 characters (${text.length})`);
  for (const b of blocks.filter((x) => x.type === 'heading')) t.match(html, `<h2 class="art-body__h">${b.text}</h2>`);
  t.match(html, /<figure class="art-body__fig"><img[^>]*\/img\/article\/\d+\.svg/, 'a picture the project serves');
  const listing = blocks.find((b) => b.type === 'listing');
  if (listing) t.match(html, `href="/xinfang/${listing.houseId}.html"`, 'the mentioned estate is a card');
  t.equal((html.match(/data-testid="comment"/g) ?? []).length, 3, 'three hot comments');
  t.match(html, `href="/zixunpinglun/${row.id}"`, 'a link to all comments');
  t.ok(description(r.body).length > 20, 'a description from the text');
});

t.test('the comments page lists every comment, newest or hottest first', async (t) => {
  const row = backendRows(backend, 'SELECT id, comment_num FROM info_doc WHERE city_id = 1 AND comment_num > 3 LIMIT 1')[0] as {
    id: number;
    comment_num: number;
  };
  const r = await get(`/zixunpinglun/${row.id}`);
  t.equal(r.statusCode, 200);
  t.equal(canonical(r.body), `${ORIGIN}/zixunpinglun/${row.id}`);
  t.equal((r.body.match(/data-testid="comment"/g) ?? []).length, row.comment_num);
  const times = [...plain(r.body).matchAll(/<p class="art-cmt__who">[\s\S]*?<time>([^<]*)<\/time>/g)].map((m) => m[1] as string);
  t.same(times, [...times].sort().reverse(), 'newest first');
  const hot = await get(`/zixunpinglun/${row.id}?sort=hot`);
  t.equal(hot.statusCode, 200);
  const likes = backendRows(
    backend,
    'SELECT fabulous_num FROM info_comment WHERE doc_id = ? AND deleted = 0 ORDER BY fabulous_num DESC, id DESC',
    row.id,
  ).map((c) => c.fabulous_num);
  const shown = [...plain(hot.body).matchAll(/data-testid="comment-likes">(\d+)</g)].map((m) => Number(m[1]));
  t.same(shown, likes, 'most liked first');
});

t.test('an account page: name, follower count, its articles, a follow button', async (t) => {
  const acc = backendRows(backend, 'SELECT * FROM xhaccount WHERE id = 1')[0] as { user_name: string; name: string; fans: number };
  const r = await get(`/zixun/account/${acc.user_name}`);
  t.equal(r.statusCode, 200);
  const html = plain(r.body);
  t.match(html, `<h1 class="art-prof__name">${acc.name}</h1>`);
  t.match(html, `data-testid="fans"><strong>${acc.fans}</strong>`);
  t.match(html, /<form class="art-follow" action="\/-\/info\/follow" method="post">/);
  const n = backendRows(backend, 'SELECT COUNT(*) AS n FROM info_doc WHERE account_id = 1')[0]?.n as number;
  t.equal(articleLinks(html).length, Math.min(10, n));
  t.equal(canonical(r.body), `${ORIGIN}/zixun/account/${acc.user_name}`);
});

t.test('unknown and malformed ids, tabs and accounts are the 404 screen', async (t) => {
  await assertNotFoundScreens(t, get, [
    '/zixun/99999999.html',
    '/zixun/details?id=abc',
    '/zixun/details',
    '/zixun/0.html',
    '/zixun/abc',
    '/zixun/3',
    '/zixun/99',
    '/zixun/?page=abc',
    '/zixun/?page=9999',
    '/daogou/1',
    '/daogou/99999999.html',
    '/daogou/details?id=-1',
    '/zixunpinglun/abc',
    '/zixunpinglun/99999999',
    '/zixunpinglun/1?sort=worst',
    '/zixun/account/nobody',
    '/zixun/account/bad%20name',
  ]);
});

t.test('an article of another city is not found on this city’s host', async (t) => {
  const other = backendRows(backend, 'SELECT id FROM info_doc WHERE city_id <> 1 LIMIT 1')[0]?.id as number;
  t.equal((await get(`/zixun/${other}.html`)).statusCode, 404);
});

t.test('a visitor’s article page is page-cached (HIT on the second request)', async (t) => {
  const [link] = articleLinks((await get('/zixun/')).body);
  await get(link as string);
  const second = await get(link as string);
  t.equal(second.headers['x-cache'], 'HIT');
});

t.test('an article answer without its body blocks or account is a 502, never a cached page', async (t) => {
  const gateway = await startFakeGateway((app) => {
    app.get('/api/info/getInfoDocDetails/:id/:userId', async () => ({
      status: 200,
      obj: { infoDocId: 5, title: '缺正文的文章', typeId: 1, cityId: 1, createdAt: '2026-11-01 10:00:00', content: '' },
    }));
  });
  const portal = await buildTestApp({ gatewayUrl: gateway.url });
  t.teardown(async () => {
    await portal.close();
    await gateway.close();
  });
  const first = await portal.app.inject('/zixun/5.html');
  t.equal(first.statusCode, 502);
  t.notMatch(first.body, '缺正文的文章');
  const second = await portal.app.inject('/zixun/5.html');
  t.not(second.headers['x-cache'], 'HIT', 'not cached');
});
