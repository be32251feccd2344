import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';
import { cookieOf, formPost, mergeCookies } from '../member/helpers.ts';
import { actionPost, plain } from '../zixun/helpers.ts';

/**
 * Issue 33: with REDIS_URL, two portal processes behind one balancer share every limit and every refused form's
 * draft (src/shared-store.ts): a member cannot double a limit by landing on both, and the page rendered by the other
 * process still shows what was typed.
 */
const redis = await startRedis();
t.teardown(() => redis.stop());
const backend = await startTestBackend();
t.teardown(() => backend.close());
const one = await buildTestApp({ gatewayUrl: backend.url, redisUrl: redis.url });
const two = await buildTestApp({ gatewayUrl: backend.url, redisUrl: redis.url });
t.teardown(() => Promise.all([one.close(), two.close()]));
const doc = backendRows(backend, 'SELECT id FROM info_doc WHERE city_id = 1 AND type_id = 1 ORDER BY id LIMIT 1')[0]?.id as number;
const page = `/zixun/${doc}.html`;

t.test('the comment limit (5 a minute) counts the posts of both portals together', async (t) => {
  const cookie = cookieOf(one, await registerMember(backend, '13900002001', '两边发评论'));
  for (let i = 0; i < 5; i++) {
    const portal = i % 2 ? two : one;
    const r = await actionPost(portal.app, '/-/info/comment', { infoDocId: doc, content: `第${i + 1}条评论，来自两个进程` }, cookie);
    t.equal(r.statusCode, 200, `comment ${i + 1} on portal ${i % 2 ? 'two' : 'one'}`);
  }
  const sixth = await actionPost(one.app, '/-/info/comment', { infoDocId: doc, content: '第六条评论' }, cookie);
  t.equal(sixth.statusCode, 429, 'the sixth, on portal one, counts the two portal two saved');
  t.match(sixth.json().message, '每分钟最多发表5条');
});

t.test('a refused plain comment on one portal is shown again by the other', async (t) => {
  const cookie = cookieOf(one, await registerMember(backend, '13900002002', '换了进程'));
  const r = await formPost(one.app, '/-/info/comment', { infoDocId: String(doc), content: ' 好 ', back: page }, cookie);
  t.equal(r.statusCode, 303);
  t.equal(r.headers.location, `${page}#comment-form`);
  const shown = await two.app.inject({ url: page, headers: { cookie: mergeCookies(cookie, r.headers['set-cookie']) } });
  t.equal(shown.statusCode, 200);
  t.match(plain(shown.body), /data-testid="comment-error">评论至少2个字</, 'the message, on the other portal');
  t.match(shown.body, /> 好 <\/textarea>/, 'and the text as typed');
});
