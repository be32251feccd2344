import t from 'tap';
import { buildAppOverBackend, MEMBER } from '../helpers/build.ts';
import { AGENT, agentCookie } from './helpers.ts';

/**
 * The chat's writes on the action stage (issue 33): /-/chat/* for members and /-/agent/chat/* for agents are actions
 * of registry.json (same-origin, member-only or agent-only, a named limit), answered in the one JSON shape; a burst of
 * picture or voice uploads meets the registry's chat-upload limit.
 */

/** A multipart body of one `file` part, as the browser's FormData sends it. */
async function multipart(bytes: Uint8Array, type: string, name: string): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type') as string };
}

const portal = await buildAppOverBackend(t);
const { app } = portal;
const sharp = (await import('sharp')).default;
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } })
  .png()
  .toBuffer();

const upload = async (url: string, cookie: string, bytes: Uint8Array = png, type = 'image/png') => {
  const body = await multipart(bytes, type, type.startsWith('image/') ? 'a.png' : 'voice');
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { host: 'localhost', cookie, accept: 'application/json', 'content-type': body.contentType },
  });
};
const post = (url: string, payload: object, cookie: string | null) =>
  app.inject({ method: 'POST', url, payload, headers: { host: 'localhost', accept: 'application/json', ...(cookie ? { cookie } : {}) } });

t.test('every chat write is a declared action with a named limit', async (t) => {
  const actions = app.registry.current.file.actions;
  for (const base of ['/-/chat', '/-/agent/chat']) {
    for (const op of ['read', 'pin', 'remove', 'image', 'voice']) {
      const entry = actions.find((a) => a.path === `${base}/${op}`);
      t.ok(entry, `${base}/${op} is declared`);
      t.ok(entry?.middleware.includes('same-origin'), `${base}/${op}: same-origin`);
      t.ok(entry?.middleware.includes(base === '/-/chat' ? 'member-only' : 'agent-only'), `${base}/${op}: who may post`);
      t.ok(
        entry?.middleware.some((m) => m.startsWith('rate-limit:')),
        `${base}/${op}: a rate limit`,
      );
      t.equal(entry?.uploads === true, op === 'image' || op === 'voice', `${base}/${op}: uploads only for files`);
    }
  }
});

t.test('a burst of chat pictures and voice clips meets the chat-upload limit: 429 with Retry-After', async (t) => {
  const rule = app.registry.current.file.site.rateLimits['chat-upload'];
  t.ok(rule, 'the limit is in the registry');
  if (!rule) return;
  t.same(rule.by, ['member']);
  const member = portal.memberCookie();
  for (let i = 1; i <= rule.max; i++) {
    const res = await upload('/-/chat/image', member);
    if (res.statusCode !== 200) {
      t.fail(`upload ${i}: ${res.statusCode} ${res.body}`);
      return;
    }
  }
  t.pass(`${rule.max} pictures stored`);
  const limited = await upload('/-/chat/image', member);
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), { status: 429, message: `发送太频繁了，每10分钟最多发送${rule.max}张图片或语音，请稍后再试` });
  const retry = Number(limited.headers['retry-after']);
  t.ok(retry >= 1 && retry <= rule.windowSeconds, 'Retry-After within the window');
  const voice = await upload('/-/chat/voice', member, new TextEncoder().encode('not a recording'), 'audio/webm');
  t.equal(voice.statusCode, 429, 'voice clips count in the same window');

  const other = await upload(
    '/-/chat/image',
    portal.memberCookie({ uid: 'u1077', userId: '1077', phone: '13800001077', nickName: '另一位会员' }),
  );
  t.equal(other.statusCode, 200, 'another member has a window of their own');
  const agent = await upload('/-/agent/chat/image', await agentCookie(portal));
  t.equal(agent.statusCode, 200, "the agent's uploads are counted apart (agent-chat-upload)");
  t.match(agent.json(), { status: 200, obj: { url: /^\/files\/upload\/[0-9a-f]{32}\.webp$/, width: 40, height: 30 } });
});

t.test('the agent inbox: its own writes by the agent session, never the member session', async (t) => {
  const agent = await agentCookie(portal);
  const pin = await post('/-/agent/chat/pin', { peer: MEMBER.uid, pinned: true }, agent);
  t.equal(pin.statusCode, 200, pin.body);
  t.match(pin.json(), { status: 200, obj: { pinned: true } });
  const read = await post('/-/agent/chat/read', { peer: MEMBER.uid }, agent);
  t.match(read.json(), { status: 200, obj: { upTo: Number, unread: Number } });
  const removed = await post('/-/agent/chat/remove', { peer: MEMBER.uid }, agent);
  t.match(removed.json(), { status: 200, obj: { unread: Number } });

  const asMember = await post('/-/agent/chat/pin', { peer: AGENT.uid, pinned: true }, portal.memberCookie());
  t.equal(asMember.statusCode, 401, 'a member session is not an agent');
  t.equal(asMember.json().login, '/agent/login');
  const visitor = await post('/-/chat/pin', { peer: AGENT.uid, pinned: true }, null);
  t.equal(visitor.statusCode, 401);
  t.match(visitor.json(), { status: 401, login: /^\/login\?bUrl=/ });
  const bad = await post('/-/agent/chat/read', { peer: '../x' }, agent);
  t.same(bad.json(), { status: 400, message: '会话不正确', field: 'peer', errors: { peer: '会话不正确' } });
  const empty = await upload('/-/agent/chat/voice', agent, new Uint8Array(0), 'audio/webm');
  t.equal(empty.statusCode, 400);
  t.equal(empty.json().message, '语音为空');
});
