import t from 'tap';
import { assertNotFoundScreens, backendRows, canonical, ORIGIN, portalOverBackend, title } from '../listings/helpers.ts';
import { jsonLd } from '../xiaoqu/helpers.ts';

/** Issue 15 part B: the knowledge base by stage, its entries and the glossary (SPEC 2.1, 2.2, 2.4). */
const { backend, get } = await portalOverBackend(t);
const hrefs = (html: string, re: RegExp) => [...new Set([...html.matchAll(re)].map((m) => m[1] as string))];
const BAIKE_LINK = /href="(\/baike\/\d+\.html)"/g;

t.test('the list links to entries that answer 200 with their canonical link and Article JSON-LD', async (t) => {
  const r = await get('/baike/');
  t.equal(r.statusCode, 200);
  t.match(r.body, '长沙房产百科');
  t.equal(canonical(r.body), `${ORIGIN}/baike/`);
  const links = hrefs(r.body, BAIKE_LINK);
  t.ok(links.length >= 10, `entries listed (${links.length})`);
  for (const href of links.slice(0, 3)) {
    const d = await get(href);
    t.equal(d.statusCode, 200, href);
    t.equal(canonical(d.body), ORIGIN + href);
    const id = Number(/\d+/.exec(href)?.[0]);
    const row = backendRows(backend, 'SELECT title, category, content FROM baike WHERE id = ?', id)[0] as {
      title: string;
      category: string;
      content: string;
    };
    t.match(d.body, `<h1 class="bk-article__title">${row.title}</h1>`);
    const blocks = JSON.parse(row.content) as Array<{ type: string; text: string }>;
    const heading = blocks.find((b) => b.type === 'h2')?.text as string;
    t.match(d.body, `<h2>${heading}</h2>`, 'headings are rendered as headings');
    t.match(title(d.body), row.title);
    const ld = jsonLd(d.body);
    const article = ld.find((l) => l['@type'] === 'Article') as { headline: string; mainEntityOfPage: string } | undefined;
    t.equal(article?.headline, row.title);
    t.equal(article?.mainEntityOfPage, ORIGIN + href);
    const crumbs = ld.find((l) => l['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ name: string }> } | undefined;
    t.same(crumbs?.itemListElement.map((i) => i.name).slice(-2), [`${row.category}知识`, row.title]);
  }
});

t.test('/baike/details?id= is the same entry, canonical to its .html', async (t) => {
  const id = backendRows(backend, 'SELECT id FROM baike WHERE city_id = 1 ORDER BY id LIMIT 1')[0]?.id as number;
  const r = await get(`/baike/details?id=${id}`);
  t.equal(r.statusCode, 200);
  t.equal(canonical(r.body), `${ORIGIN}/baike/${id}.html`);
});

t.test('a stage lists only its entries; an unknown stage, id or page is the 404 screen', async (t) => {
  const r = await get('/baike/daikuan');
  t.equal(r.statusCode, 200);
  t.match(r.body, '<h1>贷款知识</h1>');
  t.equal(canonical(r.body), `${ORIGIN}/baike/daikuan`);
  const ids = hrefs(r.body, BAIKE_LINK).map((h) => Number(/\d+/.exec(h)?.[0]));
  t.ok(ids.length > 0);
  for (const id of ids) t.equal(backendRows(backend, 'SELECT category FROM baike WHERE id = ?', id)[0]?.category, '贷款');
  const other = backendRows(backend, 'SELECT id FROM baike WHERE city_id = 2 LIMIT 1')[0]?.id as number;
  await assertNotFoundScreens(t, get, [
    '/baike/nosuchstage',
    '/baike/999999.html',
    '/baike/details?id=abc',
    '/baike/details',
    '/baike/?page=0',
    '/baike/?page=999',
    `/baike/${other}.html`,
  ]);
});

t.test('the glossary: terms A–Z with definitions, each link an entry that answers 200; DefinedTermSet JSON-LD', async (t) => {
  const r = await get('/zidian');
  t.equal(r.statusCode, 200);
  for (const term of ['首付', '公积金', 'LPR', '契税', '满五唯一', '网签', '按揭', '过户']) t.match(r.body, `>${term}</`, term);
  t.match(r.body, '已经办理过产权登记', 'short definitions');
  const links = hrefs(r.body, BAIKE_LINK);
  t.ok(links.length >= 6, `terms link to entries (${links.length})`);
  for (const href of links) t.equal((await get(href)).statusCode, 200, href);
  const set = jsonLd(r.body).find((l) => l['@type'] === 'DefinedTermSet') as { hasDefinedTerm: Array<{ name: string }> } | undefined;
  t.ok((set?.hasDefinedTerm.length ?? 0) >= 30);
  t.equal(canonical(r.body), `${ORIGIN}/zidian`);
});

t.test('the list and an entry are page-cached for visitors', async (t) => {
  await get('/baike/zhuangxiu');
  const again = await get('/baike/zhuangxiu');
  t.equal(again.headers['x-cache'], 'HIT');
});
