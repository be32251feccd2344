import t from 'tap';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';
import { cookieOf, formPost } from '../member/helpers.ts';
import { actionPost } from '../zixun/helpers.ts';

/**
 * Issue 33 part 1: every write is an entry of registry.json's `actions`, answered by one runAction: access middleware,
 * the body's schema (Chinese messages), the named limit, the handler; one JSON shape, a 303 for a plain form.
 */
const portal = await buildAppOverBackend(t, {
  editRegistry: (r) => {
    r.site.rateLimits['member-write'] = { max: 3, windowSeconds: 60, by: ['member'] };
  },
});
const { app, backend } = portal;
const listing = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 1')[0]
  ?.id as number;
let phone = 13900001000;
const member = async () => cookieOf(portal, await registerMember(backend, String(++phone), '买房人'));

t.test('a burst of one write meets the registry’s limit: 429 with Retry-After and a Chinese message', async (t) => {
  const cookie = await member();
  for (let i = 0; i < 3; i++) {
    const r = await actionPost(app, '/-/action/favourite', { houseId: listing, kind: 'ershoufang', op: i % 2 ? 'remove' : 'add' }, cookie);
    t.equal(r.statusCode, 200, `post ${i + 1}`);
    t.match(r.json(), { status: 200, message: String, obj: { houseId: listing } });
  }
  const limited = await actionPost(app, '/-/action/favourite', { houseId: listing, kind: 'ershoufang' }, cookie);
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), { status: 429, message: '操作过于频繁，请稍后再试' });
  t.ok(Number(limited.headers['retry-after']) >= 1 && Number(limited.headers['retry-after']) <= 60, 'Retry-After within the window');
  const other = await actionPost(app, '/-/action/favourite', { houseId: listing, kind: 'ershoufang' }, await member());
  t.equal(other.statusCode, 200, 'another member has a window of their own');
  const form = await formPost(app, '/-/action/favourite', { houseId: String(listing), kind: 'ershoufang' }, cookie);
  t.equal(form.statusCode, 429, 'a plain form post over the limit');
  t.match(form.body, '操作过于频繁，请稍后再试', 'gets the error page saying so');
});

t.test('a visitor is sent to log in: 401 with the login address for fetch, 303 for a form', async (t) => {
  const back = `/ershoufang/${listing}.html`;
  const j = await actionPost(app, '/-/action/jubao', { houseId: listing, reason: '房源已售', back });
  t.equal(j.statusCode, 401);
  t.same(j.json(), { status: 401, message: '请先登录', login: `/login?bUrl=${encodeURIComponent(back)}` });
  const f = await formPost(app, '/-/action/jubao', { houseId: String(listing), reason: '房源已售', back });
  t.equal(f.statusCode, 303);
  t.equal(f.headers.location, `/login?bUrl=${encodeURIComponent(back)}`);
});

t.test('a refused body names its field in Chinese; nothing reaches the gateway', async (t) => {
  const cookie = await member();
  const before = backendRows(backend, 'SELECT COUNT(*) AS n FROM kanfang')[0]?.n;
  const r = await actionPost(app, '/-/action/kanfang', { houseId: listing, name: '王先生', phone: '12345' }, cookie);
  t.equal(r.statusCode, 400);
  t.same(r.json(), { status: 400, message: '手机号不正确', field: 'phone', errors: { phone: '手机号不正确' } });
  const missing = await actionPost(app, '/-/action/kanfang', { houseId: listing, phone: '13800000000' }, cookie);
  t.same(missing.json(), { status: 400, message: '请填写姓名', field: 'name', errors: { name: '请填写姓名' } });
  t.equal(backendRows(backend, 'SELECT COUNT(*) AS n FROM kanfang')[0]?.n, before, 'nothing saved');
});

t.test('a post to no declared action is 404; a multipart body to an action without uploads is 415', async (t) => {
  const none = await actionPost(app, '/-/action/nothing', {});
  t.equal(none.statusCode, 404);
  t.same(none.json(), { status: 404, message: '请求的操作不存在' });
  const multi = await app.inject({
    method: 'POST',
    url: '/-/action/favourite',
    headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: await member() },
    payload: '--x\r\nContent-Disposition: form-data; name="houseId"\r\n\r\n1\r\n--x--\r\n',
  });
  t.equal(multi.statusCode, 415);
  t.same(multi.json(), { status: 415, message: '不支持的提交格式' });
});

t.test('another site’s post is refused before anything else', async (t) => {
  const r = await app.inject({
    method: 'POST',
    url: '/-/action/favourite',
    payload: JSON.stringify({ houseId: listing, kind: 'ershoufang' }),
    headers: { 'content-type': 'application/json', origin: 'http://evil.example', host: 'localhost', cookie: await member() },
  });
  t.equal(r.statusCode, 403);
  t.same(r.json(), { status: 403, message: '请求来源不正确，请刷新页面后重试' });
});
