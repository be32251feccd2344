import t from 'tap';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendObj, registerMember } from '../listings/helpers.ts';
import { cookieOf, formPost } from '../member/helpers.ts';
import { actionPost, backendRows, docRow, plain } from './helpers.ts';

/**
 * Issue 15 part A: liking, collecting, following, commenting (SPEC 7.10) through /-/info/*: a visitor goes to log in
 * with bUrl; a member's likes count once; comments are 2-500 characters, text (never markup), 5 a minute; only one's
 * own comment can be deleted.
 */
const portal = await buildAppOverBackend(t);
const { app, backend } = portal;
let phone = 13900000000;
async function member(nickName = '资讯读者') {
  const m = await registerMember(backend, String(++phone), nickName);
  return { m, cookie: cookieOf(portal, m) };
}
const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const doc = backendRows(backend, 'SELECT id FROM info_doc WHERE city_id = 1 AND type_id = 1 ORDER BY id LIMIT 1')[0]?.id as number;
const page = `/zixun/${doc}.html`;

t.test('a visitor’s like, collect, follow and comment go to log in and come back to the page', async (t) => {
  for (const [path, fields] of [
    ['/-/info/like', { infoDocId: String(doc), back: page }],
    ['/-/info/collect', { infoDocId: String(doc), back: page }],
    ['/-/info/follow', { accountId: '1', back: page }],
    ['/-/info/comment', { infoDocId: String(doc), content: '写得很好，学习了', back: page }],
  ] as const) {
    const r = await formPost(app, path, fields);
    t.equal(r.statusCode, 303, path);
    t.equal(r.headers.location, `/login?bUrl=${encodeURIComponent(page)}`, `${path}: to login with bUrl`);
    const j = await actionPost(app, path, { ...fields, infoDocId: doc, accountId: 1 });
    t.equal(j.statusCode, 401, `${path}: fetch gets 401`);
    t.equal(j.json().login, `/login?bUrl=${encodeURIComponent(page)}`);
  }
  t.equal(docRow(backend, doc).fabulous_num, docRow(backend, doc).fabulous_num, 'nothing counted');
});

t.test('liking twice counts once; the count and the pressed button are the same after reload', async (t) => {
  const { cookie } = await member();
  const before = docRow(backend, doc).fabulous_num;
  const one = await actionPost(app, '/-/info/like', { infoDocId: doc, op: 'add' }, cookie);
  t.equal(one.statusCode, 200);
  t.same(one.json().obj, { liked: true, fabulousNum: before + 1 });
  const two = await actionPost(app, '/-/info/like', { infoDocId: doc, op: 'add' }, cookie);
  t.equal(two.json().obj.fabulousNum, before + 1, 'the second like does not count');
  t.equal(docRow(backend, doc).fabulous_num, before + 1);
  const html = plain((await get(page, cookie)).body);
  t.match(html, /aria-pressed="true" data-testid="like"><svg[\s\S]*?<\/svg><span>已赞<\/span>/);
  t.match(html, `data-testid="like-count">${before + 1}</span>`);
  const off = await actionPost(app, '/-/info/like', { infoDocId: doc, op: 'remove' }, cookie);
  t.equal(off.json().obj.fabulousNum, before);
  const form = await formPost(app, '/-/info/like', { infoDocId: String(doc), back: page }, cookie);
  t.equal(form.statusCode, 303, 'a plain form post goes back to the page');
  t.equal(form.headers.location, `${page}?notice=liked`);
  t.equal(docRow(backend, doc).fabulous_num, before + 1);
});

t.test('collect and uncollect: the member’s collection and the article’s count', async (t) => {
  const { m, cookie } = await member();
  const before = docRow(backend, doc).collect_num;
  t.equal((await actionPost(app, '/-/info/collect', { infoDocId: doc }, cookie)).json().obj.collected, true);
  await actionPost(app, '/-/info/collect', { infoDocId: doc }, cookie);
  t.equal(docRow(backend, doc).collect_num, before + 1, 'collected once');
  t.equal(backendRows(backend, 'SELECT COUNT(*) AS n FROM info_doc_collect WHERE doc_id = ? AND user_id = ?', doc, m.uid)[0]?.n, 1);
  t.match(plain((await get(page, cookie)).body), /aria-pressed="true" data-testid="collect"/);
  t.equal((await actionPost(app, '/-/info/collect', { infoDocId: doc, op: 'remove' }, cookie)).json().obj.collected, false);
  t.equal(docRow(backend, doc).collect_num, before);
  t.equal(backendRows(backend, 'SELECT COUNT(*) AS n FROM info_doc_collect WHERE doc_id = ? AND user_id = ?', doc, m.uid)[0]?.n, 0);
});

t.test('follow and unfollow the source account: the account page’s follower count and button', async (t) => {
  const { cookie } = await member();
  const acc = backendRows(backend, 'SELECT * FROM xhaccount WHERE id = 1')[0] as { user_name: string; fans: number };
  const url = `/zixun/account/${acc.user_name}`;
  const r = await actionPost(app, '/-/info/follow', { accountId: 1, op: 'add' }, cookie);
  t.same(r.json().obj, { following: true });
  await actionPost(app, '/-/info/follow', { accountId: 1, op: 'add' }, cookie);
  let html = plain((await get(url, cookie)).body);
  t.match(html, `data-testid="fans"><strong>${acc.fans + 1}</strong>`, 'one more follower, once');
  t.match(html, /aria-pressed="true" data-testid="follow">已关注</);
  t.same((await actionPost(app, '/-/info/follow', { accountId: 1, op: 'remove' }, cookie)).json().obj, { following: false });
  html = plain((await get(url, cookie)).body);
  t.match(html, `data-testid="fans"><strong>${acc.fans}</strong>`);
  t.match(html, /aria-pressed="false" data-testid="follow">\+ 关注</);
  t.equal((await actionPost(app, '/-/info/follow', { accountId: 999999 }, cookie)).statusCode, 404, 'an unknown account');
});

t.test('comment rules: 2 to 500 characters once trimmed, no control characters; saved trimmed; count up by one', async (t) => {
  const { cookie } = await member();
  const post = (content: string) => actionPost(app, '/-/info/comment', { infoDocId: doc, content }, cookie);
  for (const [content, message] of [
    ['好', '评论至少2个字'],
    ['   ', '评论至少2个字'],
    [' \n\t 好 \n', '评论至少2个字'],
    ['字'.repeat(501), '评论最多500个字'],
    ['很好\u0000的文章', '评论含有不支持的字符'],
    ['很好\u0007的文章', '评论含有不支持的字符'],
    ['很好\u202e的文章', '评论含有不支持的字符'],
  ]) {
    const r = await post(content);
    t.equal(r.statusCode, 400, JSON.stringify(content.slice(0, 10)));
    t.equal(r.json().message, message);
  }
  const before = docRow(backend, doc).comment_num;
  const ok = await post('  分析得很到位，感谢分享  ');
  t.equal(ok.statusCode, 200);
  t.equal(ok.json().obj.content, '分析得很到位，感谢分享', 'trimmed');
  t.equal(docRow(backend, doc).comment_num, before + 1);
  t.equal((await post('字'.repeat(500))).statusCode, 200, '500 characters are allowed');
  const html = plain((await get(page, cookie)).body);
  t.match(html, `<span data-testid="comment-count">${before + 2}</span>`, 'the count after reload');
});

t.test('a comment and a nickname holding markup are shown as text', async (t) => {
  const { cookie } = await member('"><script>1</script>');
  const payloads = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];
  for (const p of payloads) t.equal((await actionPost(app, '/-/info/comment', { infoDocId: doc, content: p }, cookie)).statusCode, 200);
  const html = (await get(`/zixunpinglun/${doc}`, cookie)).body;
  t.match(html, '&lt;script&gt;alert(1)&lt;/script&gt;');
  t.match(html, '&lt;img src=x onerror=alert(1)&gt;');
  t.match(html, '&quot;&gt;&lt;svg onload=alert(1)&gt;');
  t.match(html, '&quot;&gt;&lt;script&gt;1&lt;/script&gt;', 'the nickname too');
  t.notMatch(html, '<img src=x onerror');
  t.notMatch(html, '<svg onload');
  t.notMatch(html, '<script>alert(1)');
});

t.test('a member may post 5 comments a minute: the 6th is 429 with a clear message', async (t) => {
  const { cookie } = await member();
  for (let i = 1; i <= 5; i++) {
    t.equal((await actionPost(app, '/-/info/comment', { infoDocId: doc, content: `第${i}条评论` }, cookie)).statusCode, 200);
  }
  const r = await actionPost(app, '/-/info/comment', { infoDocId: doc, content: '第6条评论' }, cookie);
  t.equal(r.statusCode, 429);
  t.match(r.json().message, '每分钟最多发表5条');
  t.ok(Number(r.headers['retry-after']) > 0);
  const other = await member();
  t.equal(
    (await actionPost(app, '/-/info/comment', { infoDocId: doc, content: '另一位会员' }, other.cookie)).statusCode,
    200,
    'keyed by member',
  );
});

t.test('only one’s own comment can be deleted; the count goes down', async (t) => {
  const a = await member();
  const b = await member();
  const saved = (await actionPost(app, '/-/info/comment', { infoDocId: doc, content: '这条评论稍后删除' }, a.cookie)).json().obj;
  let mine = plain((await get(`/zixunpinglun/${doc}`, a.cookie)).body);
  t.match(mine, new RegExp(`id="c${saved.infoCommentId}"[\\s\\S]*?data-testid="comment-delete"`), 'the author sees a delete button');
  const theirs = plain((await get(`/zixunpinglun/${doc}`, b.cookie)).body);
  const theirItem = new RegExp(`id="c${saved.infoCommentId}"[\\s\\S]*?</li>`).exec(theirs)?.[0] ?? '';
  t.match(theirItem, '这条评论稍后删除', 'another member sees the comment');
  t.notMatch(theirItem, 'comment-delete', 'without a delete button');
  const refused = await actionPost(app, '/-/info/comment/delete', { infoCommentId: saved.infoCommentId }, b.cookie);
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().message, '只能删除自己的评论');
  const before = docRow(backend, doc).comment_num;
  const ok = await actionPost(app, '/-/info/comment/delete', { infoCommentId: saved.infoCommentId }, a.cookie);
  t.equal(ok.statusCode, 200);
  t.equal(docRow(backend, doc).comment_num, before - 1);
  mine = plain((await get(`/zixunpinglun/${doc}`, a.cookie)).body);
  t.notMatch(mine, `id="c${saved.infoCommentId}"`, 'gone from the comments page');
});

t.test('comment likes count once per member', async (t) => {
  const { cookie } = await member();
  const c = backendRows(backend, 'SELECT id, fabulous_num FROM info_comment WHERE doc_id = ? AND deleted = 0 LIMIT 1', doc)[0] as {
    id: number;
    fabulous_num: number;
  };
  await actionPost(app, '/-/info/comment/like', { infoCommentId: c.id }, cookie);
  const r = await actionPost(app, '/-/info/comment/like', { infoCommentId: c.id }, cookie);
  t.equal(r.json().obj.fabulousNum, c.fabulous_num + 1);
  t.match(
    plain((await get(`/zixunpinglun/${doc}`, cookie)).body),
    new RegExp(
      `id="c${c.id}"[\\s\\S]*?is-on" aria-pressed="true"><svg[^]*?</svg><span data-testid="comment-likes">${c.fabulous_num + 1}</span>`,
    ),
  );
});

t.test('a post from another origin is refused', async (t) => {
  const { cookie } = await member();
  const r = await app.inject({
    method: 'POST',
    url: '/-/info/like',
    payload: JSON.stringify({ infoDocId: doc }),
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: 'http://evil.example', host: 'localhost', cookie },
  });
  t.equal(r.statusCode, 403);
});

t.test('the gateway refuses empty, whitespace-only and control-character comments with a 400 naming the field', async (t) => {
  for (const content of ['', '   \n ', 'ab\u0001cd']) {
    const r = await fetch(`${backend.url}/api/info/insertInfoComment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ infoDocId: doc, userId: 'u1', content }),
    });
    const body = (await r.json()) as { status?: number; message?: string };
    t.equal(r.status === 400 || body.status === 400, true, JSON.stringify(content));
    t.match(body.message ?? '', 'content');
  }
  t.ok(await backendObj(backend, `/api/info/getHotInfoCommentList/${doc}/3`), 'still answers');
});

t.test('a refused plain form comment goes back to the page with the message and the text as typed', async (t) => {
  const { cookie } = await member();
  const r = await formPost(app, '/-/info/comment', { infoDocId: String(doc), content: ' 好 ', back: page }, cookie);
  t.equal(r.statusCode, 303);
  t.equal(r.headers.location, `${page}#comment-form`);
  const draft = [r.headers['set-cookie']].flat().find((c) => String(c).startsWith('formDraft='));
  t.ok(draft, 'the draft cookie');
  const html = plain((await get(page, `${cookie}; ${String(draft).split(';')[0]}`)).body);
  t.match(html, /data-testid="comment-error">评论至少2个字</);
  t.match(html, /data-testid="comment-text"[^>]*> 好 <\/textarea>|> 好 <\/textarea>/);
  const again = plain((await get(page, `${cookie}; ${String(draft).split(';')[0]}`)).body);
  t.notMatch(again, 'data-testid="comment-error"', 'taken once');
  const ok = await formPost(app, '/-/info/comment', { infoDocId: String(doc), content: '表单提交的评论', back: page }, cookie);
  t.equal(ok.headers.location, `${page}?notice=commented#comments`);
});

t.test('a like or a comment drops the cached article, so a visitor sees the new counts at once', async (t) => {
  const other = backendRows(backend, 'SELECT id FROM info_doc WHERE city_id = 1 AND type_id = 1 ORDER BY id LIMIT 1 OFFSET 1')[0]
    ?.id as number;
  const url = `/zixun/${other}.html`;
  const host = { host: 'localhost' };
  t.equal((await app.inject({ url, headers: host })).headers['x-cache'], 'MISS');
  t.equal((await app.inject({ url, headers: host })).headers['x-cache'], 'HIT', 'cached for visitors');
  const { cookie } = await member();
  const liked = await actionPost(app, '/-/info/like', { infoDocId: other, op: 'add' }, cookie);
  const count = liked.json().obj.fabulousNum as number;
  const after = await app.inject({ url, headers: host });
  t.equal(after.headers['x-cache'], 'MISS', 'the like dropped the cached copy');
  t.match(plain(after.body), `data-testid="like-count">${count}</span>`, 'the visitor sees the new count');
  await app.inject({ url, headers: host });
  await actionPost(app, '/-/info/comment', { infoDocId: other, content: '分析得很到位，谢谢分享' }, cookie);
  t.equal((await app.inject({ url, headers: host })).headers['x-cache'], 'MISS', 'so did the comment');
});
