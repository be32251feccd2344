import t from 'tap';
import { freePort } from '../../scripts/bench/procs.ts';
import { startRedis } from '../../scripts/redis.ts';
import { createBuiltinTransport } from '../../src/client/chat/builtin.ts';
import { fitWithin } from '../../src/client/chat/images.ts';
import { chatTargetError, lookupChatPeer, whenChatReady } from '../../src/client/chat/rules.ts';
import type { ChatEvent, ChatLogin, ChatMessage, ChatTransport } from '../../src/contracts/chat.ts';
import { buildAppOverBackend, buildTestApp, MEMBER, type TestApp } from '../helpers/build.ts';
import { WebSocket } from '../helpers/ws-client.ts';

/**
 * The built-in transport of the browser (src/client/chat/builtin.ts) against a listening portal, with the `ws` client
 * as the browser's WebSocket: a member and an agent chat live; and two portal processes deliver to each other through
 * Redis (issue 18).
 */

const AGENT = { uid: 'b100001', password: 'Agent@2026' };

async function agentCookie(app: TestApp['app']): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/-/agent/login',
    headers: { host: 'localhost', accept: 'application/json' },
    payload: { account: AGENT.uid, password: AGENT.password },
  });
  return String([res.headers['set-cookie']].flat().find((c) => String(c).startsWith('agentInfo='))).split(';')[0] as string;
}

/** A transport as a browser on `base` with `cookie` would run it. */
async function transportFor(base: string, cookie: string, apiBase: string): Promise<{ transport: ChatTransport; events: ChatEvent[] }> {
  const host = new URL(base).host;
  const fetcher = (url: string, init?: RequestInit) =>
    fetch(`${base}${url}`, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie, origin: base } });
  const login = (await (await fetcher(`${apiBase}/login`)).json()) as Extract<ChatLogin, { transport: 'builtin' }>;
  const transport = createBuiltinTransport(login, {
    fetch: fetcher,
    origin: { protocol: 'http:', host },
    openSocket: (url) => new WebSocket(url, { headers: { cookie, origin: base } }) as never,
  });
  const events: ChatEvent[] = [];
  transport.on((e) => events.push(e));
  return { transport, events };
}

async function until<T>(check: () => T | undefined | null | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const messageEvent = (events: ChatEvent[], text: string) =>
  events.find(
    (e): e is Extract<ChatEvent, { type: 'message' }> =>
      e.type === 'message' && e.message.msgType === 'text' && e.message.content.text === text,
  );

t.test('a member and an agent chat through the built-in transport', async (t) => {
  const portal = await buildAppOverBackend(t);
  const base = (await portal.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const member = await transportFor(base, portal.memberCookie(), '/-/chat');
  const agent = await transportFor(base, await agentCookie(portal.app), '/-/agent/chat');
  t.teardown(() => {
    member.transport.close();
    agent.transport.close();
  });
  await until(() => member.transport.ready() && agent.transport.ready());
  t.ok(
    member.events.some((e) => e.type === 'status' && e.status === 'ready'),
    'the member hears ready',
  );

  const sent: ChatMessage = await member.transport.send(AGENT.uid, { msgType: 'text', content: { text: '想约周六看房' } }, 'c-1');
  t.match(sent, { clientId: 'c-1', from: MEMBER.uid, to: AGENT.uid, read: false });
  const heard = await until(() => messageEvent(agent.events, '想约周六看房'));
  t.equal(heard.message.id, sent.id, 'the agent gets the same message live');
  t.notOk(messageEvent(member.events, '想约周六看房'), "the sender's own message resolves its send, no duplicate event");

  await agent.transport.markRead(MEMBER.uid);
  const read = await until(() => member.events.find((e) => e.type === 'read'));
  t.match(read, { type: 'read', peer: AGENT.uid, byMe: false });

  await agent.transport.send(MEMBER.uid, { msgType: 'text', content: { text: '好的，周六上午十点' } }, 'a-1');
  await until(() => messageEvent(member.events, '好的，周六上午十点'));
  await until(() => member.events.find((e) => e.type === 'unread' && e.total >= 1));

  const list = await member.transport.conversations();
  t.match(list[0], { peer: AGENT.uid, unread: 1, last: { preview: '好的，周六上午十点', fromMe: false } });
  await member.transport.markRead(AGENT.uid);
  await until(() => member.events.find((e) => e.type === 'unread' && e.total === 0));

  const history = await member.transport.history(AGENT.uid);
  t.same(
    history.messages.slice(-2).map((m) => (m.msgType === 'text' ? m.content.text : '')),
    ['想约周六看房', '好的，周六上午十点'],
  );
  const older = await member.transport.history(AGENT.uid, history.messages[0]?.time);
  t.ok(
    older.messages.every((m) => Number(m.id) < Number(history.messages[0]?.id)),
    'paging backwards gives older messages only',
  );

  await t.rejects(
    member.transport.send('m100001', { msgType: 'text', content: { text: 'x' } }, 'c-2'),
    /获取用户uid 失败！/,
    'a refused send rejects with the server message',
  );
  await member.transport.pin(AGENT.uid, true);
  t.equal((await member.transport.conversations())[0]?.pinned, true);
});

t.test('two portal processes deliver to each other through Redis', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const one = await buildAppOverBackend(t, { redisUrl: redis.url });
  // The second process shares the first one's gateway (one company gateway, two portal processes).
  const two = await buildTestApp({ gatewayUrl: one.backend.url, redisUrl: redis.url });
  t.teardown(() => two.close());
  const baseOne = (await one.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const baseTwo = (await two.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const member = await transportFor(baseOne, one.memberCookie(), '/-/chat');
  const agent = await transportFor(baseTwo, await agentCookie(two.app), '/-/agent/chat');
  t.teardown(() => {
    member.transport.close();
    agent.transport.close();
  });
  await until(() => member.transport.ready() && agent.transport.ready());
  await member.transport.send(AGENT.uid, { msgType: 'text', content: { text: '跨进程的消息' } }, 'r-1');
  const heard = await until(() => messageEvent(agent.events, '跨进程的消息'));
  t.equal(heard.message.from, MEMBER.uid, 'the agent on process two hears the member on process one');
  await agent.transport.send(MEMBER.uid, { msgType: 'text', content: { text: '收到' } }, 'r-2');
  await until(() => messageEvent(member.events, '收到'));
  t.pass('and the answer comes back');
  t.equal(one.app.chatSockets.count(AGENT.uid), 0, 'the agent has no socket on process one');
});

t.test('Redis down: one error line, and chat still works within the process', async (t) => {
  const logLines: string[] = [];
  const portal = await buildAppOverBackend(t, { redisUrl: `redis://127.0.0.1:${await freePort()}`, logLines });
  const base = (await portal.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const member = await transportFor(base, portal.memberCookie(), '/-/chat');
  const agent = await transportFor(base, await agentCookie(portal.app), '/-/agent/chat');
  t.teardown(() => {
    member.transport.close();
    agent.transport.close();
  });
  await until(() => member.transport.ready() && agent.transport.ready());
  await member.transport.send(AGENT.uid, { msgType: 'text', content: { text: '没有Redis也能聊' } }, 'd-1');
  await until(() => messageEvent(agent.events, '没有Redis也能聊'));
  t.pass('delivered within the process');
  const outage = logLines.filter((l) => l.includes('Redis unreachable: chat messages'));
  t.equal(outage.length, 1, 'one error line for the chat bus');
  t.match(outage[0], /"level":50/);
});

t.test('SPEC 4/5 client rules', async (t) => {
  t.equal(chatTargetError({}), '经纪人ID/UID 必传一个');
  t.equal(chatTargetError({ uid: 'b1' }), null);
  t.equal(chatTargetError({ belongerId: 3 }), null);

  const toasts: string[] = [];
  t.equal(await lookupChatPeer({}, (m) => toasts.push(m)), false);
  const failing = async () => new Response(JSON.stringify({ status: 404, message: 'x' }), { status: 404 });
  t.equal(await lookupChatPeer({ uid: 'b9' }, (m) => toasts.push(m), failing), false);
  t.same(toasts, ['经纪人ID/UID 必传一个', '获取用户uid 失败！']);

  await t.rejects(whenChatReady({ hasMember: () => false, transport: () => null }), /用户未登录/);
  const waits: number[] = [];
  let ready = false;
  const fake = { ready: () => ready } as ChatTransport;
  const got = whenChatReady({
    hasMember: () => true,
    transport: () => fake,
    setTimer: (fn, ms) => {
      waits.push(ms);
      if (waits.length === 3) ready = true;
      fn();
    },
  });
  t.equal(await got, fake);
  t.same(waits, [1000, 1000, 1000], 'polls every second until ready');

  t.same(fitWithin(4000, 3000), { width: 1280, height: 960 });
  t.same(fitWithin(800, 600), { width: 800, height: 600 }, 'never enlarged');
});
