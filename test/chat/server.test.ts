import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import type { ChatLogin, ChatServerFrame } from '../../src/contracts/chat.ts';
import { beijingClock } from '../../src/lib/chat-query.ts';
import { buildAppOverBackend, MEMBER, type TestApp } from '../helpers/build.ts';
import { type Watched, type WsSocket, watch } from '../helpers/ws-client.ts';
import { AGENT, agentCookie } from './helpers.ts';

/**
 * Agent chat, the server half (issue 18; SPEC 4, 5, 7.9, 8): the login endpoint and its signature, the member-only
 * JSON endpoints, the built-in transport's socket (persisted, delivered, auto-reply and push when the agent is
 * offline, limits) and the agent inbox's sign-in, over the embedded gateway.
 */

const IM = { sdkAppId: '1400123456', secretKey: 'im-secret-key-never-in-the-browser-0123456789' };

type Portal = TestApp & { backend: { dataDir: string } };

async function socket(portal: Portal, path: string, cookie: string | null, headers: Record<string, string> = {}): Promise<Watched> {
  let watched: Watched | undefined;
  // Watched from before the open: the server's `ready` frame comes at once.
  await portal.app.injectWS(
    path,
    { headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...headers } },
    {
      onInit: (ws) => {
        watched = watch(ws as unknown as WsSocket);
      },
    },
  );
  return watched as Watched;
}

/** The next frame of type `t` (skipping others), or null. */
async function next(w: Watched, type: ChatServerFrame['t'], ms = 3000): Promise<ChatServerFrame | null> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const text = await w.nextMessage(end - Date.now());
    if (text === null) return null;
    const frame = JSON.parse(text) as ChatServerFrame;
    if (frame.t === type) return frame;
  }
  return null;
}

function rows<T>(portal: Portal, sql: string, ...args: unknown[]): T[] {
  const db = new Database(`${portal.backend.dataDir}/portal.db`, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

t.test('chat login and the member-only endpoints', async (t) => {
  const portal = (await buildAppOverBackend(t)) as Portal;
  const member = portal.memberCookie();
  const get = (url: string, cookie: string | null = member) =>
    portal.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });
  const post = (url: string, payload: object, cookie: string | null = member, headers: Record<string, string> = {}) =>
    portal.app.inject({ method: 'POST', url, payload, headers: { host: 'localhost', ...(cookie ? { cookie } : {}), ...headers } });

  t.test('a visitor gets 401 用户未登录 from every member endpoint', async (t) => {
    for (const url of [
      '/-/chat/login',
      '/-/chat/conversations',
      `/-/chat/history/${AGENT.uid}`,
      '/-/chat/unread',
      `/-/chat/peer?uid=${AGENT.uid}`,
    ]) {
      const res = await get(url, null);
      t.equal(res.statusCode, 401, url);
      t.same(res.json().message, '用户未登录', url);
      t.equal(res.headers['cache-control'], 'private, no-store', `${url} is never stored`);
    }
    for (const url of ['/-/chat/read', '/-/chat/pin', '/-/chat/remove']) {
      const res = await post(url, { peer: AGENT.uid, pinned: true }, null);
      t.equal(res.statusCode, 401, url);
    }
  });

  t.test('without IM configured a member gets the built-in transport for their own uid', async (t) => {
    const res = await get('/-/chat/login');
    t.equal(res.statusCode, 200);
    t.same(res.json() as ChatLogin, { transport: 'builtin', userId: MEMBER.uid, socketPath: '/-/chat/ws', apiBase: '/-/chat' });
    const other = await get('/-/chat/login?userId=u9999&uid=u9999&identifier=u9999');
    t.equal((other.json() as ChatLogin).userId, MEMBER.uid, 'no parameter chooses another user id');
  });

  t.test('cross-site posts are refused with 403, malformed input with 400', async (t) => {
    const foreign = await post('/-/chat/read', { peer: AGENT.uid }, member, { origin: 'https://evil.example' });
    t.equal(foreign.statusCode, 403);
    t.equal(foreign.json().message, '请求来源不正确，请刷新页面后重试');
    const fetchSite = await post('/-/chat/pin', { peer: AGENT.uid, pinned: true }, member, { 'sec-fetch-site': 'cross-site' });
    t.equal(fetchSite.statusCode, 403);
    t.equal((await post('/-/chat/read', { peer: '../../etc' })).statusCode, 400);
    t.equal((await post('/-/chat/pin', { peer: AGENT.uid, pinned: 'yes' })).statusCode, 400);
    t.equal((await post('/-/chat/remove', {})).statusCode, 400);
    t.equal((await get('/-/chat/history/a%20b')).statusCode, 400);
    t.equal((await get(`/-/chat/history/${AGENT.uid}?beforeId=abc`)).statusCode, 400);
    const image = await post('/-/chat/image', { file: 'x' });
    t.equal(image.statusCode, 400);
    t.equal(image.json().message, '请选择图片');
  });

  t.test('the chat-user lookup (SPEC 5)', async (t) => {
    const none = await get('/-/chat/peer');
    t.equal(none.statusCode, 400);
    t.equal(none.json().message, '经纪人ID/UID 必传一个');
    const unknown = await get('/-/chat/peer?uid=b999999');
    t.equal(unknown.statusCode, 404);
    t.equal(unknown.json().message, '获取用户uid 失败！');
    const byId = await get('/-/chat/peer?belongerId=1');
    t.equal(byId.statusCode, 200);
    t.match(byId.json(), { uid: AGENT.uid, belongerId: 1, conversationID: `C2C${AGENT.uid}`, agent: { uid: AGENT.uid } });
    const frame = await get(`/-/chat/frame?uid=${AGENT.uid}&houseId=1`);
    t.equal(frame.statusCode, 200);
    t.match(frame.json(), { manager: { uid: AGENT.uid }, replies: Array });
    t.ok(frame.json().houseInfo === null || typeof frame.json().houseInfo.title === 'string');
  });

  t.test('pin, history, read marks and delete through the JSON endpoints', async (t) => {
    const sent = await socket(portal, '/-/chat/ws', member);
    t.match(await next(sent, 'ready'), { t: 'ready', userId: MEMBER.uid });
    sent.socket.send(JSON.stringify({ t: 'send', clientId: 'c1', to: AGENT.uid, msgType: 'text', content: { text: '你好，想看房' } }));
    const ack = await next(sent, 'ack');
    t.match(ack, {
      t: 'ack',
      clientId: 'c1',
      message: { from: MEMBER.uid, to: AGENT.uid, msgType: 'text', content: { text: '你好，想看房' } },
    });
    // The agent has no socket: its auto-reply follows (the member's own message comes first on the bus).
    let reply = (await next(sent, 'message', 5000)) as Extract<ChatServerFrame, { t: 'message' }> | null;
    if (reply?.message.from !== AGENT.uid) reply = (await next(sent, 'message', 5000)) as typeof reply;
    t.match(reply, { message: { from: AGENT.uid, content: { text: /置业顾问/ } } }, "the offline agent's auto-reply");
    sent.socket.terminate();

    const history = await get(`/-/chat/history/${AGENT.uid}`);
    t.equal(history.statusCode, 200);
    const messages = history.json().messages as Array<{ id: string; content: { text?: string } }>;
    t.ok(
      messages.some((m) => m.content.text === '你好，想看房'),
      'the message is in the history',
    );
    const oldest = Number(messages[0]?.id);
    const before = await get(`/-/chat/history/${AGENT.uid}?beforeId=${oldest}`);
    t.same(before.json().messages, [], 'nothing before the first message');

    const pin = await post('/-/chat/pin', { peer: AGENT.uid, pinned: true });
    t.same(pin.json().obj, { pinned: true });
    let list = (await get('/-/chat/conversations')).json() as Array<{ peer: string; pinned: boolean; last: { preview: string } }>;
    t.match(list[0], { peer: AGENT.uid, pinned: true, last: { preview: /置业顾问/ } }, 'pinned first, with its last message');

    const removed = await post('/-/chat/remove', { peer: AGENT.uid });
    t.equal(removed.statusCode, 200);
    list = (await get('/-/chat/conversations')).json();
    t.notOk(
      list.some((c) => c.peer === AGENT.uid),
      'a deleted conversation leaves the list',
    );
    t.same((await get(`/-/chat/history/${AGENT.uid}`)).json().messages, [], 'and its history is gone for the member');
  });

  t.test('a picture is checked by content and stored re-encoded', async (t) => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const body = Buffer.from(await req.arrayBuffer());
    const res = await portal.app.inject({
      method: 'POST',
      url: '/-/chat/image',
      payload: body,
      headers: { host: 'localhost', cookie: member, accept: 'application/json', 'content-type': req.headers.get('content-type') as string },
    });
    t.equal(res.statusCode, 200, res.body);
    t.match(res.json().obj, { url: /^\/files\/upload\/[0-9a-f]{32}\.webp$/, width: 1280, height: 640 });
    const fake = new FormData();
    fake.append('file', new Blob([new TextEncoder().encode('<svg onload=alert(1)>')], { type: 'image/png' }), 'x.png');
    const req2 = new Request('http://localhost/', { method: 'POST', body: fake });
    const bad = await portal.app.inject({
      method: 'POST',
      url: '/-/chat/image',
      payload: Buffer.from(await req2.arrayBuffer()),
      headers: { host: 'localhost', cookie: member, 'content-type': req2.headers.get('content-type') as string },
    });
    t.equal(bad.statusCode, 400);
    t.match(bad.json().message, /只支持/);
  });
});

t.test('a voice clip is checked by content, stored and served by the site', async (t) => {
  const portal = (await buildAppOverBackend(t)) as Portal;
  const member = portal.memberCookie();
  const upload = async (bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'audio/webm' }), 'voice');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    return portal.app.inject({
      method: 'POST',
      url: '/-/chat/voice',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { host: 'localhost', cookie: member, accept: 'application/json', 'content-type': req.headers.get('content-type') as string },
    });
  };
  // A real recording (headless Chromium's MediaRecorder, webm/Opus): a bare EBML header is refused since issue 33.
  const webm = new Uint8Array(readFileSync(new URL('./fixtures/voice/recorded.webm', import.meta.url)));
  const res = await upload(webm);
  t.equal(res.statusCode, 200, res.body);
  const { url } = res.json().obj as { url: string };
  t.match(url, /^\/files\/upload\/[0-9a-f-]{36}\.webm$/);
  const served = await portal.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  t.equal(served.statusCode, 200);
  t.equal(served.headers['content-type'], 'audio/webm');
  const text = await upload(new TextEncoder().encode('<html>not a recording</html>'));
  t.equal(text.statusCode, 400);
  t.match(text.json().message, /只支持/);
  const visitor = await portal.app.inject({ method: 'POST', url: '/-/chat/voice', headers: { host: 'localhost' }, payload: {} });
  t.equal(visitor.statusCode, 401);
});

t.test('with IM configured the member gets a UserSig for their own id only, and the key never leaves the server', async (t) => {
  const portal = (await buildAppOverBackend(t, { im: IM })) as Portal;
  const member = portal.memberCookie();
  const res = await portal.app.inject({ method: 'GET', url: '/-/chat/login?userId=u9999', headers: { host: 'localhost', cookie: member } });
  t.equal(res.statusCode, 200);
  const login = res.json() as Extract<ChatLogin, { transport: 'tencent' }>;
  t.match(login, { transport: 'tencent', userId: MEMBER.uid, sdkAppId: 1400123456, expireSeconds: 604800 });
  const doc = JSON.parse(
    inflateSync(Buffer.from(login.userSig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '='), 'base64')).toString(),
  );
  t.equal(doc['TLS.identifier'], MEMBER.uid, 'signed for the member of the cookie');
  t.notOk(res.body.includes(IM.secretKey), 'the key is not in the answer');
  const visitor = await portal.app.inject({ method: 'GET', url: '/-/chat/login', headers: { host: 'localhost' } });
  t.equal(visitor.statusCode, 401);
  for (const url of ['/', '/ershoufang/', '/-/chat/conversations', '/-/data/']) {
    const page = await portal.app.inject({ method: 'GET', url, headers: { host: 'localhost', cookie: member } });
    t.notOk(page.body.includes(IM.secretKey), `${url} does not carry the key`);
  }
});

t.test('the built-in transport: delivery, offline agent, limits', async (t) => {
  const portal = (await buildAppOverBackend(t, { chat: { maxFramesPerWindow: 5, rateWindowMs: 60_000, maxPayload: 4096 } })) as Portal;
  const member = portal.memberCookie();

  t.test('the socket refuses visitors (401) and other sites (403)', async (t) => {
    await t.rejects(socket(portal, '/-/chat/ws', null), /Unexpected server response: 401/);
    await t.rejects(socket(portal, '/-/chat/ws', member, { origin: 'https://evil.example' }), /Unexpected server response: 403/);
    await t.rejects(socket(portal, '/-/agent/chat/ws', member), /Unexpected server response: 401/, 'the member session is no agent');
  });

  t.test('agent sign-in: wrong password refused, the demo password admitted', async (t) => {
    const wrong = await portal.app.inject({
      method: 'POST',
      url: '/-/agent/login',
      headers: { host: 'localhost', accept: 'application/json' },
      payload: { account: AGENT.uid, password: 'nope1234' },
    });
    t.equal(wrong.statusCode, 401);
    t.equal(wrong.json().message, '账号或密码错误');
    const form = await portal.app.inject({
      method: 'POST',
      url: '/-/agent/login',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=${AGENT.uid}&password=${encodeURIComponent(AGENT.password)}`,
    });
    t.equal(form.statusCode, 303);
    t.equal(form.headers.location, '/agent/inbox');
    const login = await portal.app.inject({
      method: 'GET',
      url: '/-/agent/chat/login',
      headers: { host: 'localhost', cookie: await agentCookie(portal) },
    });
    t.same(login.json(), { transport: 'builtin', userId: AGENT.uid, socketPath: '/-/agent/chat/ws', apiBase: '/-/agent/chat' });
  });

  t.test("a member's message is saved and reaches the agent's socket live; the agent's answer reaches the member", async (t) => {
    const agent = await socket(portal, '/-/agent/chat/ws', await agentCookie(portal));
    t.match(await next(agent, 'ready'), { userId: AGENT.uid });
    const me = await socket(portal, '/-/chat/ws', member);
    await next(me, 'ready');
    me.socket.send(JSON.stringify({ t: 'send', clientId: 'k1', to: AGENT.uid, msgType: 'text', content: { text: '这套房还在吗？' } }));
    const got = await next(agent, 'message');
    t.match(got, { t: 'message', message: { from: MEMBER.uid, to: AGENT.uid, content: { text: '这套房还在吗？' } } });
    t.match(await next(agent, 'unread'), { t: 'unread', total: Number }, 'the agent hears its unread total');
    const ack = (await next(me, 'ack')) as Extract<ChatServerFrame, { t: 'ack' }>;
    t.equal(ack.message.id, (got as Extract<ChatServerFrame, { t: 'message' }>).message.id);
    const saved = rows<{ content: string }>(portal, 'SELECT content FROM chat_record WHERE id = ?', Number(ack.message.id));
    t.same(saved, [{ content: JSON.stringify({ text: '这套房还在吗？' }) }], 'persisted through api/microchat/record');

    agent.socket.send(JSON.stringify({ t: 'read', peer: MEMBER.uid }));
    t.match(await next(me, 'read'), { t: 'read', peer: MEMBER.uid, reader: AGENT.uid }, 'the member sees the read mark');
    agent.socket.send(JSON.stringify({ t: 'send', clientId: 'a1', to: MEMBER.uid, msgType: 'text', content: { text: '在的，欢迎看房' } }));
    t.match(await next(me, 'message'), { message: { from: AGENT.uid, content: { text: '在的，欢迎看房' } } });
    t.match(await next(me, 'unread'), { total: 1 });
    const pushes = rows(portal, 'SELECT * FROM push_message WHERE target IN (?, ?)', AGENT.uid, MEMBER.uid);
    t.same(pushes, [], 'no push while both are online');
    agent.socket.terminate();
    me.socket.terminate();
  });

  t.test('when the agent has no socket: the auto-reply answers once per window, and a push is recorded', async (t) => {
    const other = 'b100002';
    const me = await socket(portal, '/-/chat/ws', member);
    await next(me, 'ready');
    me.socket.send(JSON.stringify({ t: 'send', clientId: 'o1', to: other, msgType: 'text', content: { text: '您好' } }));
    t.match(await next(me, 'ack'), { clientId: 'o1' });
    const reply = await next(me, 'message', 5000);
    // The member's own message comes first on the bus (other tabs), then the reply.
    const auto =
      reply && (reply as Extract<ChatServerFrame, { t: 'message' }>).message.from === other ? reply : await next(me, 'message', 5000);
    t.match(auto, { message: { from: other, to: MEMBER.uid, msgType: 'text', content: { text: /置业顾问/ } } }, 'the auto-reply');
    me.socket.send(JSON.stringify({ t: 'send', clientId: 'o2', to: other, msgType: 'text', content: { text: '在吗' } }));
    t.match(await next(me, 'ack'), { clientId: 'o2' });
    const pushes = rows<{ target: string; content: string }>(portal, 'SELECT target, content FROM push_message WHERE target = ?', other);
    t.equal(pushes.length >= 1, true, 'an offline push for the agent');
    t.equal(pushes[0]?.content, '您好');
    const replies = rows(portal, 'SELECT id FROM chat_record WHERE user_id = ? AND target_id = ?', other, MEMBER.uid);
    t.equal(replies.length, 1, 'one auto-reply within the window');
    me.socket.terminate();
  });

  t.test("an agent's message to an offline member is pushed as the member's chat settings (/city/ChatSettings) say", async (t) => {
    const agent = await socket(portal, '/-/agent/chat/ws', await agentCookie(portal));
    await next(agent, 'ready');
    const pushesToMember = () =>
      rows<{ content: string }>(portal, 'SELECT content FROM push_message WHERE target = ? ORDER BY id', MEMBER.uid).map((r) => r.content);
    const send = async (clientId: string, text: string) => {
      agent.socket.send(JSON.stringify({ t: 'send', clientId, to: MEMBER.uid, msgType: 'text', content: { text } }));
      t.match(await next(agent, 'ack'), { clientId });
    };
    const settle = async (count: number) => {
      for (let i = 0; i < 100 && pushesToMember().length < count; i++) await new Promise((r) => setTimeout(r, 20));
    };
    const settings = (s: Partial<{ notify: boolean; preview: boolean; dnd: boolean; dndFrom: string; dndTo: string }>) =>
      portal.app.api.user.personSave(
        { reqId: 'test', log: portal.app.log },
        {
          memberId: MEMBER.uid,
          chatSettings: { notify: true, preview: true, sound: true, dnd: false, dndFrom: '22:00', dndTo: '08:00', ...s },
        },
      );
    const before = pushesToMember().length;
    await send('p1', '周末可以看房');
    await settle(before + 1);
    t.equal(pushesToMember().at(-1), '周末可以看房', 'default settings: the message itself is pushed');
    await settings({ preview: false });
    await send('p2', '业主愿意再谈价格');
    await settle(before + 2);
    t.equal(pushesToMember().at(-1), '您有一条新消息', 'previews hidden: a content-free line');
    await settings({ notify: false });
    await send('p3', '这条不该推送');
    // Quiet hours around the moment of sending, whatever the time of day (a fixed 00:00–23:59 missed the last minute).
    const hour = 3_600_000;
    await settings({ dnd: true, dndFrom: beijingClock(Date.now() - hour), dndTo: beijingClock(Date.now() + hour) });
    await send('p4', '免打扰时段也不推送');
    await settings({});
    await send('p5', '最后一条');
    await settle(before + 3);
    t.same(
      pushesToMember().slice(before),
      ['周末可以看房', '您有一条新消息', '最后一条'],
      'notifications off and quiet hours push nothing',
    );
    agent.socket.terminate();
  });

  t.test('a member cannot write to another member, nor send what the protocol does not know', async (t) => {
    const me = await socket(portal, '/-/chat/ws', member);
    await next(me, 'ready');
    me.socket.send(JSON.stringify({ t: 'send', clientId: 'x1', to: 'm100001', msgType: 'text', content: { text: 'hi' } }));
    t.match(await next(me, 'error'), { clientId: 'x1', code: 404, message: '获取用户uid 失败！' });
    me.socket.send(
      JSON.stringify({
        t: 'send',
        clientId: 'x2',
        to: AGENT.uid,
        msgType: 'images',
        content: { url: 'https://evil.example/a.png', width: 1, height: 1 },
      }),
    );
    t.match(await next(me, 'error'), { clientId: 'x2', code: 400, message: '消息格式不正确' });
    me.socket.send('not json');
    t.match(await next(me, 'error'), { code: 400 });
    me.socket.terminate();
  });

  t.test("a member's forced logout closes their chat sockets", async (t) => {
    const me = await socket(portal, '/-/chat/ws', member);
    await next(me, 'ready');
    await portal.app.memberEvents.publish({ type: 'revoked', userId: MEMBER.userId });
    t.equal(await me.closed, 4001, 'closed as signed out');
  });

  t.test('rate limit: beyond the window an error frame, then the socket is closed; a frame too big closes it (1009)', async (t) => {
    const me = await socket(portal, '/-/chat/ws', member);
    await next(me, 'ready');
    for (let i = 0; i < 6; i++) me.socket.send(JSON.stringify({ t: 'ping' }));
    t.match(await next(me, 'error'), { code: 429, message: '发送太频繁，请稍后再试' });
    for (let i = 0; i < 6; i++) me.socket.send(JSON.stringify({ t: 'ping' }));
    t.equal(await me.closed, 1008, 'a flood closes the socket');
    const big = await socket(portal, '/-/chat/ws', member);
    await next(big, 'ready');
    big.socket.send(JSON.stringify({ t: 'send', clientId: 'b', to: AGENT.uid, msgType: 'text', content: { text: 'x'.repeat(5000) } }));
    t.equal(await big.closed, 1009);
  });
});
