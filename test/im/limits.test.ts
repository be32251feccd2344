/**
 * The chat screens' forms on the action stage (issue 33), at the registry's real limits: a burst of ratings meets the
 * member's `review` limit (shared with the other reviews), a burst of settings saves the `member-write` one; each
 * member has a window of their own.
 */
import t from 'tap';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp, readRegistry } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';

const backend = await startTestBackend();
const portal = await buildTestApp({ gatewayUrl: backend.url });
t.teardown(async () => {
  await portal.close();
  await backend.close();
});
const limits = readRegistry().site.rateLimits;
const agents = backendRows(backend, 'SELECT id FROM belonger WHERE iskefu = 0 ORDER BY id LIMIT 40') as Array<{ id: number }>;

let phone = 13912348800;
const member = async () => {
  const m = await registerMember(backend, String(++phone), '评价达人');
  return portal.memberCookie({ uid: m.uid, userId: m.userId, phone: m.phone, nickName: m.nickName });
};
const post = (url: string, body: object, cookie: string) =>
  portal.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { accept: 'application/json', 'content-type': 'application/json', cookie },
  });

t.test('a burst of ratings meets the review limit: 429 with its message; another member rates on', async (t) => {
  const { max } = limits.review ?? { max: 0 };
  t.ok(agents.length > max, 'enough agents to rate');
  const cookie = await member();
  for (let i = 0; i < max; i++) {
    const r = await post('/-/im/evaluate', { belongerId: String(agents[i]?.id), score: '5', content: '回复及时' }, cookie);
    t.equal(r.statusCode, 200, `rating ${i + 1} of ${max}`);
  }
  const over = await post('/-/im/evaluate', { belongerId: String(agents[max]?.id), score: '5' }, cookie);
  t.equal(over.statusCode, 429);
  t.same(over.json(), { status: 429, message: '操作过于频繁，请稍后再试' });
  t.ok(Number(over.headers['retry-after']) >= 1, 'Retry-After');
  const plain = await portal.app.inject({
    method: 'POST',
    url: '/-/im/evaluate',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ belongerId: String(agents[max]?.id), score: '5' }).toString(),
  });
  // The rating form has a page of its own: the limit's message is shown there, beside what was typed.
  t.equal(plain.statusCode, 303, 'a plain form post over the limit goes back to its form');
  t.equal(plain.headers.location, `/im/session/serveEvaluation?belongerId=${agents[max]?.id}`);
  const draft = String(plain.headers['set-cookie']).split(';')[0];
  const page = await portal.app.inject({ url: plain.headers.location as string, headers: { cookie: `${cookie}; ${draft}` } });
  t.match(page.body, '操作过于频繁，请稍后再试', 'the page says so');
  const other = await post('/-/im/evaluate', { belongerId: String(agents[max]?.id), score: '4' }, await member());
  t.equal(other.statusCode, 200, 'another member has a window of their own');
});

t.test('a burst of settings saves meets member-write', async (t) => {
  const { max } = limits['member-write'] ?? { max: 0 };
  const cookie = await member();
  const settings = { notify: '1', dndFrom: '22:00', dndTo: '07:00' };
  for (let i = 0; i < max; i++) {
    const r = await post('/-/im/settings', settings, cookie);
    if (r.statusCode !== 200) t.fail(`save ${i + 1}: ${r.statusCode}`);
  }
  const over = await post('/-/im/settings', settings, cookie);
  t.equal(over.statusCode, 429, `save ${max + 1}`);
});
