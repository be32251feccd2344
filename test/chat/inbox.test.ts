import t from 'tap';
import { buildAppOverBackend } from '../helpers/build.ts';

/** The agent inbox's pages (issue 18): sign-in form, its refusals, the inbox behind the agent's own cookie. */

t.test('agent sign-in and inbox pages', async (t) => {
  const portal = await buildAppOverBackend(t);
  const get = (url: string, cookie?: string) =>
    portal.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

  const visitor = await get('/agent/inbox');
  t.equal(visitor.statusCode, 302, 'a visitor is sent to sign in');
  t.equal(visitor.headers.location, '/agent/login');
  const member = await get('/agent/inbox', portal.memberCookie());
  t.equal(member.statusCode, 302, 'a member session is no agent session');

  const form = await get('/agent/login');
  t.equal(form.statusCode, 200);
  t.match(form.body, /经纪人登录/);
  t.match(form.body, /action="\/-\/agent\/login"/);
  t.match(form.body, /<meta name="robots" content="noindex, nofollow"/);
  t.notMatch(String(form.headers['cache-control']), /public/, 'never cached');
  t.notMatch(form.body, /undefined|NaN/);

  const refused = await get(`/agent/login?error=${encodeURIComponent('账号或密码错误')}&account=b100001`);
  t.match(refused.body, /账号或密码错误/);
  t.match(refused.body, /value="b100001"/, 'what was typed is kept');
  const forged = await get(`/agent/login?error=${encodeURIComponent('<script>alert(1)</script>')}`);
  t.notMatch(forged.body, /agent-login-error/, 'only known refusals are shown');
  t.notMatch(forged.body, /<script>alert/, 'and nothing typed in the address runs');

  const wrong = await portal.app.inject({
    method: 'POST',
    url: '/-/agent/login',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'account=b100001&password=wrong-pass1',
  });
  t.equal(wrong.statusCode, 303);
  t.match(wrong.headers.location, /^\/agent\/login\?error=/);
  const foreign = await portal.app.inject({
    method: 'POST',
    url: '/-/agent/login',
    headers: { host: 'localhost', origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'account=b100001&password=Agent%402026',
  });
  t.equal(foreign.statusCode, 403, 'another site cannot sign an agent in');

  const ok = await portal.app.inject({
    method: 'POST',
    url: '/-/agent/login',
    headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'account=b100001&password=Agent%402026',
  });
  t.equal(ok.statusCode, 303);
  t.equal(ok.headers.location, '/agent/inbox');
  const cookie = String([ok.headers['set-cookie']].flat()[0]).split(';')[0] as string;
  const inbox = await get('/agent/inbox', cookie);
  t.equal(inbox.statusCode, 200);
  t.match(inbox.body, /咨询消息 · /);
  t.match(inbox.body, /data-testid="agent-inbox"/);
  t.match(inbox.body, /noindex, nofollow/);
  t.notMatch(inbox.body, /undefined|NaN/);

  let limited = null;
  for (let i = 0; i < 12 && !limited; i++) {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/-/agent/login',
      headers: { host: 'localhost', accept: 'application/json' },
      payload: { account: 'b100001', password: `guess-${i}` },
    });
    if (res.statusCode === 429) limited = res;
  }
  t.equal(limited?.json().message, '密码错误次数较多，请30秒后再试', 'password guessing waits (issue 33: per account and address)');

  const out = await portal.app.inject({ method: 'POST', url: '/-/agent/logout', headers: { host: 'localhost', cookie } });
  t.equal(out.statusCode, 303);
  t.match(String([out.headers['set-cookie']].flat()[0]), /agentInfo=;/);
});
