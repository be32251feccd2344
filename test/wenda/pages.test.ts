import t from 'tap';
import { assertNotFoundScreens, backendRows, canonical, ORIGIN, portalOverBackend, title } from '../listings/helpers.ts';
import { jsonLd } from '../xiaoqu/helpers.ts';

/** Issue 15 part B: the Q&A list (categories, sorts, canonical 301s) and the question pages (SPEC 2.2, 2.4, 7.4). */
const { backend, get } = await portalOverBackend(t);
const hrefs = (html: string) => [...new Set([...html.matchAll(/href="(\/wenda\/\d+\.html)"/g)].map((m) => m[1] as string))];
const idOf = (href: string) => Number(/(\d+)\.html/.exec(href)?.[1]);
const noComments = (html: string) => html.replaceAll('<!-- -->', '');

t.test('the list links to questions that answer 200 with canonical links and QAPage JSON-LD', async (t) => {
  const r = await get('/wenda/');
  t.equal(r.statusCode, 200);
  t.match(r.body, '长沙房产问答');
  t.equal(canonical(r.body), `${ORIGIN}/wenda/`);
  const links = hrefs(r.body);
  t.ok(links.length >= 10, `questions listed (${links.length})`);
  for (const href of links.slice(0, 3)) {
    const d = await get(href);
    t.equal(d.statusCode, 200, href);
    t.equal(canonical(d.body), ORIGIN + href);
    const q = backendRows(backend, 'SELECT title, answer_count AS n FROM wenda WHERE id = ?', idOf(href))[0] as {
      title: string;
      n: number;
    };
    t.match(d.body, `<h1 class="wd-question__title">${q.title}</h1>`);
    t.match(title(d.body), q.title);
    const qa = jsonLd(d.body).find((l) => l['@type'] === 'QAPage') as
      | { mainEntity: { name: string; answerCount: number; suggestedAnswer?: unknown[] } }
      | undefined;
    t.equal(qa?.mainEntity.name, q.title);
    t.equal(qa?.mainEntity.answerCount, q.n);
    t.equal(qa?.mainEntity.suggestedAnswer?.length ?? 0, q.n);
  }
});

t.test('a question: answers ordered by likes, the agent badge on agents’ answers; details?id= is the same page', async (t) => {
  const row = backendRows(
    backend,
    `SELECT w.id FROM wenda w WHERE w.city_id = 1 AND (SELECT COUNT(*) FROM wenda_answer a WHERE a.wenda_id = w.id AND a.belonger_id IS NOT NULL) > 0
       AND w.answer_count >= 2 ORDER BY w.id LIMIT 1`,
  )[0] as { id: number };
  const r = await get(`/wenda/${row.id}.html`);
  const html = noComments(r.body);
  const answers = backendRows(
    backend,
    'SELECT a.id, a.likes, a.belonger_id AS b, bl.name FROM wenda_answer a LEFT JOIN belonger bl ON bl.id = a.belonger_id WHERE wenda_id = ? ORDER BY likes DESC, a.id',
    row.id,
  ) as Array<{ id: number; likes: number; b: number | null; name: string | null }>;
  const shown = [...html.matchAll(/<li class="wd-ans" id="a(\d+)"/g)].map((m) => Number(m[1]));
  t.same(
    shown,
    answers.map((a) => a.id),
    'most liked first',
  );
  const likes = [...html.matchAll(/data-testid="likes">(\d+)</g)].map((m) => Number(m[1]));
  t.same(
    likes,
    answers.map((a) => a.likes),
  );
  const agent = answers.find((a) => a.b !== null);
  const block = new RegExp(`id="a${agent?.id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
  t.match(block, `<b>${agent?.name}</b><span class="wd-badge">经纪人</span>`, 'the agent is named, with the badge');
  const twin = await get(`/wenda/details?id=${row.id}`);
  t.equal(twin.statusCode, 200);
  t.equal(canonical(twin.body), `${ORIGIN}/wenda/${row.id}.html`);
});

t.test('an unanswered question says so and invites an answer', async (t) => {
  const row = backendRows(backend, 'SELECT id FROM wenda WHERE city_id = 1 AND answer_count = 0 LIMIT 1')[0] as { id: number } | undefined;
  t.ok(row, 'the seed has unanswered questions');
  const html = noComments((await get(`/wenda/${row?.id}.html`)).body);
  t.match(html, '0个回答');
  t.match(html, '还没有人回答');
  t.match(html, `href="/wenda/huida/${row?.id}.html"`);
});

t.test('categories and sorts: each a canonical path; hot is by views, unanswered only unanswered', async (t) => {
  const loan = await get('/wenda/daikuan/');
  t.equal(loan.statusCode, 200);
  t.equal(canonical(loan.body), `${ORIGIN}/wenda/daikuan/`);
  for (const href of hrefs(loan.body))
    t.equal(backendRows(backend, 'SELECT category FROM wenda WHERE id = ?', idOf(href))[0]?.category, '贷款');
  const hot = await get('/wenda/hot/');
  t.equal(hot.statusCode, 200);
  const views = hrefs(hot.body).map((h) => backendRows(backend, 'SELECT view_num AS v FROM wenda WHERE id = ?', idOf(h))[0]?.v as number);
  t.ok(views.length > 2 && views.every((v, i) => i === 0 || v <= (views[i - 1] as number)), 'most viewed first');
  const open = await get('/wenda/unanswered/');
  const openIds = hrefs(open.body).map(idOf);
  t.ok(openIds.length > 0);
  for (const id of openIds) t.equal(backendRows(backend, 'SELECT answer_count AS n FROM wenda WHERE id = ?', id)[0]?.n, 0);
  const newest = hrefs((await get('/wenda/')).body).map(
    (h) => backendRows(backend, 'SELECT created_at AS c FROM wenda WHERE id = ?', idOf(h))[0]?.c as string,
  );
  t.ok(
    newest.every((c, i) => i === 0 || c <= (newest[i - 1] as string)),
    'newest first by default',
  );
});

t.test('query and spelling variants of the list answer 301 to the canonical path', async (t) => {
  const cases: Array<[string, string]> = [
    ['/wenda/?category=贷款', '/wenda/daikuan/'],
    [`/wenda/?category=${encodeURIComponent('贷款')}&sort=hot`, '/wenda/daikuan/hot/'],
    ['/wenda/?sort=unanswered&page=1', '/wenda/unanswered/'],
    ['/wenda/DaiKuan/Hot/', '/wenda/daikuan/hot/'],
    ['/wenda/daikuan', '/wenda/daikuan/'],
    ['/wenda/pg1/', '/wenda/'],
  ];
  for (const [from, to] of cases) {
    const r = await get(from);
    t.equal(r.statusCode, 301, from);
    t.equal(r.headers.location, to, from);
  }
});

t.test('unknown and malformed ids, tails and pages are the 404 screen', async (t) => {
  const other = backendRows(backend, 'SELECT id FROM wenda WHERE city_id = 2 LIMIT 1')[0]?.id as number;
  await assertNotFoundScreens(t, get, [
    '/wenda/99999999.html',
    '/wenda/details?id=abc',
    '/wenda/details?id=0',
    '/wenda/details',
    '/wenda/nosuch/',
    '/wenda/hot/daikuan/',
    '/wenda/pg999/',
    `/wenda/${other}.html`,
  ]);
});

t.test('the second-hand detail page’s common questions are real questions', async (t) => {
  const r = await fetch(`${backend.url}/api/problemAsk/getProblemAskList`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1 }),
  });
  const list = ((await r.json()) as { obj: Array<{ id: number; question: string }> }).obj;
  t.ok(list.length >= 5);
  for (const q of list) {
    const page = await get(`/wenda/${q.id}.html`);
    t.equal(page.statusCode, 200);
    t.match(page.body, q.question);
  }
});

t.test('a second-hand and a rental detail page list their common questions, linking to the real question pages', async (t) => {
  for (const kind of ['ershoufang', 'zufang'] as const) {
    const detail = new RegExp(`href="(/${kind}/\\d+\\.html)"`).exec((await get(`/${kind}/`)).body)?.[1] as string;
    const html = noComments((await get(detail)).body);
    t.ok(html.includes('大家都在问'), `${kind}: the block is on ${detail}`);
    const links = hrefs(html);
    t.ok(links.length >= 4, `${kind}: ${links.length} questions`);
    for (const href of links) {
      const q = backendRows(backend, 'SELECT title, category FROM wenda WHERE id = ?', idOf(href))[0] as {
        title: string;
        category: string;
      };
      t.ok(html.includes(`href="${href}">${q.title}</a>`), 'each link is named by its question');
      t.equal(q.category, kind === 'ershoufang' ? '二手房' : '租房');
      t.equal((await get(href)).statusCode, 200, href);
    }
  }
});

t.test('the list and a question are page-cached for visitors', async (t) => {
  await get('/wenda/zufang/');
  t.equal((await get('/wenda/zufang/')).headers['x-cache'], 'HIT');
});
