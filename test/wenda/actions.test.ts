import t from 'tap';
import type { RateLimitRule } from '../../src/registry/types.ts';
import { buildAppOverBackend, readRegistry } from '../helpers/build.ts';
import { backendRows, cookieOf, formPost, memberPortal, mergeCookies, registerMember } from '../member/helpers.ts';

/**
 * Issue 15 part B: asking, answering and liking (members only; trimmed and checked texts shown as text; 5 posts a minute;
 * a like counts once). Each rule is checked where a user notices it: the answer, the page after reload, the database.
 */
const { portal, app, backend } = await memberPortal(t, '13811115555', '问答会员');
const noComments = (html: string) => html.replaceAll('<!-- -->', '');
const page = async (url: string, cookie?: string) => noComments((await app.inject({ url, headers: cookie ? { cookie } : {} })).body);
const question = backendRows(backend, 'SELECT id FROM wenda WHERE city_id = 1 AND answer_count > 0 ORDER BY id LIMIT 1')[0]?.id as number;
/** Each test posts as a member of its own, so one test's posts never count towards another's minute. */
let nextPhone = 13811116000;
async function newMember(nickName = '新会员') {
  const m = await registerMember(backend, String(nextPhone++), nickName);
  return { cookie: cookieOf(portal, m), uid: m.uid };
}

t.test('a visitor asking, answering or liking goes to log in and comes back to the page', async (t) => {
  const ask = await formPost(app, '/-/wenda/ask', { title: '首套房首付最低几成？', back: '/wenda/tiwen' });
  t.equal(ask.statusCode, 303);
  t.equal(ask.headers.location, `/login?bUrl=${encodeURIComponent('/wenda/tiwen')}`);
  // The answer form names its page (`back`, as src/ui/wenda/WendaForm.tsx posts it): the login comes back to it.
  const answer = await formPost(app, '/-/wenda/answer', {
    wendaId: String(question),
    content: '可以的',
    back: `/wenda/huida/${question}.html`,
  });
  t.equal(answer.headers.location, `/login?bUrl=${encodeURIComponent(`/wenda/huida/${question}.html`)}`);
  const like = await formPost(app, '/-/wenda/like', { answerId: '1', back: `/wenda/${question}.html` }, undefined, true);
  t.equal(like.statusCode, 401);
  t.equal(like.json().login, `/login?bUrl=${encodeURIComponent(`/wenda/${question}.html`)}`);
  for (const url of ['/wenda/tiwen', `/wenda/huida/${question}.html`]) {
    const r = await app.inject({ url });
    t.equal(r.statusCode, 302, url);
    t.equal(r.headers.location, `/login?bUrl=${encodeURIComponent(url)}`, url);
  }
});

t.test('a member asks: trimmed title, detail kept as text, the question page shows it; the list finds it', async (t) => {
  const { cookie, uid } = await newMember('<i onclick=alert(1)>');
  const r = await formPost(
    app,
    '/-/wenda/ask',
    { title: '  <script>alert(1)</script>梅溪湖二手房值得买吗？  ', content: '<b>预算</b>200万', category: '二手房' },
    cookie,
  );
  t.equal(r.statusCode, 303);
  const id = Number(/\/wenda\/(\d+)\.html$/.exec(r.headers.location as string)?.[1]);
  t.ok(id > 0, `goes to the new question (${r.headers.location})`);
  const saved = backendRows(backend, 'SELECT title, content, category, user_id AS u, nick_name AS n FROM wenda WHERE id = ?', id)[0];
  t.same(saved, {
    title: '<script>alert(1)</script>梅溪湖二手房值得买吗？',
    content: '<b>预算</b>200万',
    category: '二手房',
    u: uid,
    n: '<i onclick=alert(1)>',
  });
  const html = await page(`/wenda/${id}.html`, cookie);
  t.match(html, '&lt;script&gt;alert(1)&lt;/script&gt;梅溪湖二手房值得买吗？', 'the title is text');
  t.match(html, '&lt;b&gt;预算&lt;/b&gt;200万');
  t.match(html, '&lt;i onclick=alert(1)&gt;', 'the nickname is text');
  t.notMatch(html, '<script>alert(1)');
  t.notMatch(html, '<i onclick');
  t.match(await page('/wenda/ershoufang/', cookie), `href="/wenda/${id}.html"`, 'the newest of its category');
});

t.test('the ask rules: 5–50 characters after trimming, one line, a known category; a refusal keeps what was typed', async (t) => {
  const { cookie } = await newMember();
  const refused: Array<[Record<string, string>, string]> = [
    [{ title: '太短了' }, '问题标题须为5-50个字'],
    [{ title: '       ' }, '请填写问题标题'],
    [{ title: `${'问'.repeat(51)}` }, '问题标题须为5-50个字'],
    [{ title: '换行\n的标题可以吗' }, '问题标题含有不允许的字符'],
    [{ title: '控制字符\u0007的标题' }, '问题标题含有不允许的字符'],
    [{ title: '好的问题标题在这里', category: '火星' }, '问题分类不正确'],
  ];
  for (const [fields, message] of refused) {
    const r = await formPost(app, '/-/wenda/ask', fields, cookie, true);
    t.equal(r.statusCode, 400, JSON.stringify(fields));
    t.equal(r.json().message, message);
  }
  const plain = await formPost(app, '/-/wenda/ask', { title: '太短了', content: '我写的描述' }, cookie);
  t.equal(plain.statusCode, 303);
  t.equal(plain.headers.location, '/wenda/tiwen');
  const setCookies = ([] as string[]).concat(plain.headers['set-cookie'] ?? []);
  const draftCookie = setCookies.find((c) => c.startsWith('formDraft='))?.split(';')[0];
  t.ok(draftCookie, 'the refusal is kept for the form');
  const back = await page('/wenda/tiwen', `${cookie}; ${draftCookie}`);
  t.match(back, '问题标题须为5-50个字', 'the message is on the form');
  t.match(back, 'value="太短了"', 'the title as typed');
  t.match(back, '我写的描述</textarea>', 'the detail as typed');
  t.equal(backendRows(backend, "SELECT COUNT(*) AS n FROM wenda WHERE title = '太短了'")[0]?.n, 0, 'nothing saved');
});

t.test('the gateway refuses empty, whitespace-only and control-character texts with a 400 naming the field', async (t) => {
  const post = (path: string, body: unknown) =>
    fetch(`${backend.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (const content of ['', '   ', '\u0000坏的回答', '好的\u202e回答']) {
    const r = await post('/api/wenda/answer', { wendaId: question, userId: 'm1', content });
    t.equal(r.status, 400, JSON.stringify(content));
    t.match(((await r.json()) as { message: string }).message, 'content');
  }
  for (const title of ['      ', '标题\u0007控制字符', '多行\n标题不行']) {
    const r = await post('/api/wenda/ask', { cityId: 1, userId: 'm1', title });
    t.equal(r.status, 400, JSON.stringify(title));
    t.match(((await r.json()) as { message: string }).message, 'title');
  }
});

t.test('a member answers: 2–500 characters trimmed, XSS shown as text; counts are right at once and after reload', async (t) => {
  const { cookie } = await newMember('答题人');
  const before = backendRows(backend, 'SELECT answer_count AS n FROM wenda WHERE id = ?', question)[0]?.n as number;
  for (const [content, message] of [
    ['好', '内容须为2-500个字'],
    ['   ', '请填写内容'],
    ['x'.repeat(501), '内容须为2-500个字'],
    ['坏\u0000字符', '内容含有不允许的字符'],
  ] as const) {
    const r = await formPost(app, '/-/wenda/answer', { wendaId: String(question), content }, cookie, true);
    t.equal(r.statusCode, 400, JSON.stringify(content));
    t.equal(r.json().message, message);
  }
  const payload = '  "><svg onload=alert(1)> 我觉得可以，地铁很近  ';
  const r = await formPost(app, '/-/wenda/answer', { wendaId: String(question), content: payload }, cookie);
  t.equal(r.statusCode, 303);
  t.match(r.headers.location, new RegExp(`^/wenda/${question}\\.html#a\\d+$`));
  const saved = backendRows(backend, 'SELECT content FROM wenda_answer WHERE wenda_id = ? ORDER BY id DESC LIMIT 1', question)[0];
  t.equal(saved?.content, payload.trim(), 'trimmed');
  for (const c of [cookie, undefined]) {
    const html = await page(`/wenda/${question}.html`, c);
    t.match(html, '&quot;&gt;&lt;svg onload=alert(1)&gt; 我觉得可以，地铁很近', 'the answer is text');
    t.notMatch(html, '<svg onload');
    t.match(html, `${before + 1}个回答`, c ? 'the count at once' : 'the count for a visitor');
  }
  t.equal(backendRows(backend, 'SELECT answer_count AS n FROM wenda WHERE id = ?', question)[0]?.n, before + 1);
  const gone = await formPost(app, '/-/wenda/answer', { wendaId: '99999999', content: '回答一个不存在的问题' }, cookie, true);
  t.equal(gone.statusCode, 404);
});

t.test('at most 5 questions and answers a minute per member: the sixth is 429 with a clear message', async (t) => {
  const a = await newMember();
  for (let i = 0; i < 5; i++) {
    const body: Record<string, string> =
      i % 2 ? { wendaId: String(question), content: `第${i}条回答内容` } : { title: `第${i}个问题要问什么呢` };
    const r = await formPost(app, i % 2 ? '/-/wenda/answer' : '/-/wenda/ask', body, a.cookie, true);
    t.equal(r.statusCode, 200, `post ${i + 1}`);
  }
  const sixth = await formPost(app, '/-/wenda/ask', { title: '第六个问题还能发吗' }, a.cookie, true);
  t.equal(sixth.statusCode, 429);
  t.match(sixth.json().message, '每分钟最多发布5条');
  t.ok(Number(sixth.headers['retry-after']) > 0);
  t.equal(backendRows(backend, "SELECT COUNT(*) AS n FROM wenda WHERE title = '第六个问题还能发吗'")[0]?.n, 0, 'not saved');
  const b = await newMember();
  const other = await formPost(app, '/-/wenda/ask', { title: '另一个会员可以发吗' }, b.cookie, true);
  t.equal(other.statusCode, 200, 'the limit is per member');
});

t.test('ops tune the limit in registry.json (site.rateLimits.wenda-post)', async (t) => {
  const tuned = await buildAppOverBackend(t, {
    editRegistry: (r) => {
      r.site.rateLimits['wenda-post'] = { ...(r.site.rateLimits['wenda-post'] as RateLimitRule), max: 2, windowSeconds: 120 };
    },
  });
  const m = await registerMember(tuned.backend, '13811117777', '限流会员');
  const c = cookieOf(tuned, m);
  for (let i = 0; i < 2; i++)
    t.equal((await formPost(tuned.app, '/-/wenda/ask', { title: `调过限额的第${i}个问题` }, c, true)).statusCode, 200);
  const third = await formPost(tuned.app, '/-/wenda/ask', { title: '调过限额的第三个问题' }, c, true);
  t.equal(third.statusCode, 429);
  t.equal(third.json().message, '发布太频繁了，每2分钟最多发布2条问题或回答，请稍后再试');
  await tuned.close();
});

t.test('a burst of likes meets the registry’s member-write limit; a plain post over a limit goes back to its form', async (t) => {
  const limits = readRegistry().site.rateLimits;
  const likeLimit = (limits['member-write'] as RateLimitRule).max;
  const { cookie } = await newMember();
  const ans = backendRows(backend, 'SELECT id FROM wenda_answer WHERE wenda_id = ? ORDER BY id LIMIT 1', question)[0]?.id as number;
  const back = `/wenda/${question}.html`;
  for (let i = 0; i < likeLimit; i++) {
    const r = await formPost(app, '/-/wenda/like', { answerId: String(ans), back }, cookie, true);
    if (r.statusCode !== 200) t.fail(`like ${i + 1}: ${r.statusCode}`);
  }
  const over = await formPost(app, '/-/wenda/like', { answerId: String(ans), back }, cookie, true);
  t.equal(over.statusCode, 429);
  t.ok(Number(over.headers['retry-after']) > 0, 'Retry-After');

  const poster = await newMember();
  const postLimit = (limits['wenda-post'] as RateLimitRule).max;
  for (let i = 0; i < postLimit; i++)
    t.equal((await formPost(app, '/-/wenda/ask', { title: `连续提问第${i}个问题呢` }, poster.cookie)).statusCode, 303);
  const plain = await formPost(app, '/-/wenda/ask', { title: '超过限额的纯表单问题' }, poster.cookie);
  t.equal(plain.statusCode, 303, 'a plain form post over the limit goes back to its form');
  const shown = await app.inject({
    url: plain.headers.location as string,
    headers: { cookie: mergeCookies(poster.cookie, plain.headers['set-cookie']) },
  });
  t.match(shown.body, '发布太频繁了', 'which says why');
  t.match(shown.body, '超过限额的纯表单问题', 'with the question as typed');
  t.equal(backendRows(backend, "SELECT COUNT(*) AS n FROM wenda WHERE title = '超过限额的纯表单问题'")[0]?.n, 0, 'not saved');
});

t.test('liking an answer twice counts once; the count is the same after reload', async (t) => {
  const { cookie } = await newMember();
  const ans = backendRows(backend, 'SELECT id, likes FROM wenda_answer WHERE wenda_id = ? ORDER BY id LIMIT 1', question)[0] as {
    id: number;
    likes: number;
  };
  const back = `/wenda/${question}.html`;
  const one = await formPost(app, '/-/wenda/like', { answerId: String(ans.id), back }, cookie, true);
  t.equal(one.statusCode, 200);
  t.equal(one.json().obj.likes, ans.likes + 1);
  const two = await formPost(app, '/-/wenda/like', { answerId: String(ans.id), back }, cookie);
  t.equal(two.statusCode, 303, 'a plain post goes back');
  t.equal(two.headers.location, `${back}#a${ans.id}`);
  t.equal(backendRows(backend, 'SELECT likes FROM wenda_answer WHERE id = ?', ans.id)[0]?.likes, ans.likes + 1, 'once');
  const html = await page(back, cookie);
  const block = new RegExp(`id="a${ans.id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
  t.match(block, `data-testid="likes">${ans.likes + 1}<`);
  t.match(block, 'aria-pressed="true"', 'shown as liked to this member');
  const missing = await formPost(app, '/-/wenda/like', { answerId: '99999999', back }, cookie, true);
  t.equal(missing.statusCode, 404);
});

t.test('a visitor’s cached question page shows a new answer and a new like at once', async (t) => {
  const { cookie } = await newMember();
  const id = backendRows(backend, 'SELECT id FROM wenda WHERE city_id = 1 AND answer_count > 0 ORDER BY id DESC LIMIT 1')[0]?.id as number;
  const url = `/wenda/${id}.html`;
  await app.inject({ url });
  const cached = await app.inject({ url });
  t.equal(cached.headers['x-cache'], 'HIT', 'a visitor gets the cached page');
  const before = Number(/data-testid="answer-count">(\d+)/.exec(noComments(cached.body))?.[1]);
  await formPost(app, '/-/wenda/answer', { wendaId: String(id), content: '缓存之后的新回答' }, cookie, true);
  const fresh = await app.inject({ url });
  t.not(fresh.headers['x-cache'], 'HIT', 'the cached copy was dropped');
  t.match(noComments(fresh.body), `data-testid="answer-count">${before + 1}个回答`);
  const ans = backendRows(backend, 'SELECT id, likes FROM wenda_answer WHERE wenda_id = ? ORDER BY id LIMIT 1', id)[0] as {
    id: number;
    likes: number;
  };
  await app.inject({ url });
  await formPost(app, '/-/wenda/like', { answerId: String(ans.id), wendaId: String(id), back: url }, cookie, true);
  const liked = noComments((await app.inject({ url })).body);
  t.match(new RegExp(`id="a${ans.id}"[\\s\\S]*?</li>`).exec(liked)?.[0] ?? '', `data-testid="likes">${ans.likes + 1}<`);
});

t.test('a cross-site post is refused', async (t) => {
  const { cookie } = await newMember();
  const r = await app.inject({
    method: 'POST',
    url: '/-/wenda/ask',
    payload: 'title=%E8%B7%A8%E7%AB%99%E7%9A%84%E9%97%AE%E9%A2%98%E5%95%8A',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', host: 'localhost', cookie },
  });
  t.equal(r.statusCode, 403);
});

t.test('the ask and answer pages: the forms, and a malformed or unknown id is the 404 screen for a member', async (t) => {
  const { cookie } = await newMember();
  const ask = await page('/wenda/tiwen', cookie);
  t.match(ask, 'action="/-/wenda/ask"');
  t.match(ask, '<option value="贷款">贷款</option>');
  const huida = await page(`/wenda/huida/${question}.html`, cookie);
  t.match(huida, 'action="/-/wenda/answer"');
  t.match(huida, `name="wendaId" value="${question}"`);
  for (const url of ['/wenda/huida/99999999.html', '/wenda/huida?id=abc']) {
    const r = await app.inject({ url, headers: { cookie } });
    t.equal(r.statusCode, 404, url);
  }
});
