import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import type { ChatPayload, ChatServerFrame } from '../../src/contracts/chat.ts';
import { agentMayWrite, CHAT_ACCESS_MESSAGES } from '../../src/lib/chat-access.ts';
import { buildAppOverBackend, MEMBER, type TestApp } from '../helpers/build.ts';
import { type Watched, type WsSocket, watch } from '../helpers/ws-client.ts';
import { AGENT, agentCookie } from './helpers.ts';

/**
 * Agents write only where they may (issue 33): in a conversation the member opened (the member wrote to the agent
 * first), or about a listing the agent holds (a house card of its own listing opens a conversation with a member).
 * A member who never wrote, a made-up id and someone else's listing are refused with a 403 error frame, and nothing is
 * saved. Members still write to any agent.
 */

type Portal = TestApp & { backend: { dataDir: string } };
type MessageFrame = Extract<ChatServerFrame, { t: 'message' }>;

function rows<T>(portal: Portal, sql: string, ...args: unknown[]): T[] {
  const db = new Database(`${portal.backend.dataDir}/portal.db`, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

async function socket(portal: Portal, path: string, cookie: string): Promise<Watched> {
  let watched: Watched | undefined;
  await portal.app.injectWS(
    path,
    { headers: { host: 'localhost', cookie } },
    {
      onInit: (ws) => {
        watched = watch(ws as unknown as WsSocket);
      },
    },
  );
  return watched as Watched;
}

/** The next frame answering `clientId` (an ack or an error), skipping the rest. */
async function answerTo(w: Watched, clientId: string, ms = 3000): Promise<ChatServerFrame | null> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const text = await w.nextMessage(end - Date.now());
    if (text === null) return null;
    const frame = JSON.parse(text) as ChatServerFrame;
    if ((frame.t === 'ack' || frame.t === 'error') && frame.clientId === clientId) return frame;
  }
  return null;
}

/** The next message frame from `from`, or null. */
async function messageFrom(w: Watched, from: string, ms = 3000): Promise<MessageFrame | null> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const text = await w.nextMessage(end - Date.now());
    if (text === null) return null;
    const frame = JSON.parse(text) as ChatServerFrame;
    if (frame.t === 'message' && frame.message.from === from) return frame;
  }
  return null;
}

const text = (s: string): ChatPayload => ({ msgType: 'text', content: { text: s } });
const card = (houseid: number, housetype: number, title = '测试房源'): ChatPayload => ({
  msgType: 'house',
  content: {
    tuijian: false,
    title,
    price: 100,
    priceText: '100万',
    other: '',
    desc: '',
    img: '',
    houseid,
    housetype,
    houseMode: '',
    huashu: '',
    activityName: '',
  },
});

t.test('the rule itself (src/lib/chat-access.ts)', async (t) => {
  const none = { peerWrote: false, peerIsMember: true, openedWithListing: false, holdsHouse: null };
  t.match(agentMayWrite({ ...none, peerWrote: true }, text('hi')), { ok: true, why: 'member-opened' });
  t.match(agentMayWrite(none, text('hi')), { ok: false, message: CHAT_ACCESS_MESSAGES.notContacted });
  t.match(agentMayWrite({ ...none, peerIsMember: false, holdsHouse: true }, card(1, 11)), { ok: false, why: 'not-contacted' });
  t.match(agentMayWrite({ ...none, holdsHouse: true }, card(1, 11)), { ok: true, why: 'own-listing' });
  t.match(agentMayWrite({ ...none, holdsHouse: false }, card(1, 11)), { ok: false, message: CHAT_ACCESS_MESSAGES.notYourListing });
  t.match(agentMayWrite({ ...none, openedWithListing: true }, text('hi')), { ok: true, why: 'listing-conversation' });
});

t.test('agents write only in conversations members opened, or about their own listings', async (t) => {
  const portal = (await buildAppOverBackend(t)) as Portal;
  const agentId = rows<{ id: number }>(portal, 'SELECT id FROM belonger WHERE uid = ?', AGENT.uid)[0]?.id as number;
  // Real members who never wrote to the agent (signed in nowhere: their cookies only make them known to the gateway).
  const strangers = ['u3001', 'u3002', 'u3003', 'u3004'];
  for (const [i, uid] of strangers.entries()) {
    portal.memberCookie({ uid, userId: uid.slice(1), phone: `1390000300${i + 1}`, nickName: `会员${i + 1}` });
  }
  t.equal(
    rows(portal, `SELECT uid FROM member WHERE uid IN (${strangers.map(() => '?').join(',')})`, ...strangers).length,
    strangers.length,
    'members of the gateway',
  );
  t.same(
    rows(portal, 'SELECT id FROM chat_record WHERE target_id = ? AND user_id IN (?,?,?,?)', AGENT.uid, ...strangers),
    [],
    'who never wrote',
  );
  const [stranger, buyer, other, estateBuyer] = strangers as [string, string, string, string];
  const own = rows<{ id: number; house_type: number }>(
    portal,
    'SELECT id, house_type FROM listing WHERE belonger_id = ? LIMIT 1',
    agentId,
  )[0];
  const foreign = rows<{ id: number; house_type: number }>(
    portal,
    'SELECT id, house_type FROM listing WHERE belonger_id <> ? LIMIT 1',
    agentId,
  )[0];
  const estate = rows<{ loupan_id: number }>(portal, 'SELECT loupan_id FROM loupan_belonger WHERE belonger_id = ? LIMIT 1', agentId)[0];
  t.ok(own && foreign && estate, 'a listing and a new-home estate of the agent, a listing of another agent');
  const saved = (to: string) => rows(portal, 'SELECT id FROM chat_record WHERE user_id = ? AND target_id = ?', AGENT.uid, to).length;

  const agent = await socket(portal, '/-/agent/chat/ws', await agentCookie(portal));
  const member = await socket(portal, '/-/chat/ws', portal.memberCookie());
  t.teardown(() => {
    agent.socket.terminate();
    member.socket.terminate();
  });
  const send = (w: Watched, clientId: string, to: string, payload: ChatPayload) =>
    w.socket.send(JSON.stringify({ t: 'send', clientId, to, ...payload }));

  t.test('member → agent is still delivered', async (t) => {
    send(member, 'm1', AGENT.uid, text('您好，这套房还在吗？'));
    t.match(await answerTo(member, 'm1'), { t: 'ack', message: { from: MEMBER.uid, to: AGENT.uid } });
    t.match(await messageFrom(agent, MEMBER.uid), { message: { content: { text: '您好，这套房还在吗？' } } }, 'the agent hears it');
  });

  t.test('agent → the member who opened the conversation: delivered', async (t) => {
    send(agent, 'a1', MEMBER.uid, text('在的，欢迎看房'));
    t.match(await answerTo(agent, 'a1'), { t: 'ack', message: { from: AGENT.uid, to: MEMBER.uid } });
    t.match(await messageFrom(member, AGENT.uid), { message: { content: { text: '在的，欢迎看房' } } }, 'the member gets it');
    t.equal(saved(MEMBER.uid), 1, 'saved');
  });

  t.test('agent → a member who never wrote: refused with 403, nothing saved', async (t) => {
    send(agent, 'a2', stranger, text('您好，最近有套好房推荐给您'));
    t.same(await answerTo(agent, 'a2'), { t: 'error', clientId: 'a2', code: 403, message: '该用户尚未联系您，无法发起会话' });
    t.equal(saved(stranger), 0, 'nothing saved for that member');
    const access = await portal.app.api.chat.agentAccess({ reqId: 't', log: portal.app.log }, AGENT.uid, stranger);
    t.match(access, { peerWrote: false, peerIsMember: true, openedWithListing: false, holdsHouse: null }, 'as the gateway says');
  });

  t.test('agent → a made-up id: refused, nothing saved', async (t) => {
    send(agent, 'a3', 'u99999999', text('你好'));
    t.match(await answerTo(agent, 'a3'), { t: 'error', code: 403, message: CHAT_ACCESS_MESSAGES.notContacted });
    send(agent, 'a4', 'u99999999', card((own as { id: number }).id, (own as { house_type: number }).house_type));
    t.match(await answerTo(agent, 'a4'), { t: 'error', code: 403 }, 'not even about its own listing');
    t.equal(saved('u99999999'), 0);
  });

  t.test("agent → a member about someone else's listing: refused", async (t) => {
    const f = foreign as { id: number; house_type: number };
    send(agent, 'a5', other, card(f.id, f.house_type));
    t.match(await answerTo(agent, 'a5'), { t: 'error', code: 403, message: CHAT_ACCESS_MESSAGES.notYourListing });
    t.equal(saved(other), 0);
  });

  t.test('agent → a member about its own listing: the card opens the conversation, which stays open to the agent', async (t) => {
    const o = own as { id: number; house_type: number };
    send(agent, 'a6', buyer, card(o.id, o.house_type));
    t.match(await answerTo(agent, 'a6'), { t: 'ack', message: { to: buyer, msgType: 'house', content: { houseid: o.id } } });
    send(agent, 'a7', buyer, text('这套房南北通透，周末可以看'));
    t.match(await answerTo(agent, 'a7'), { t: 'ack', message: { to: buyer, msgType: 'text' } });
    t.equal(saved(buyer), 2);
    send(agent, 'a8', other, text('您好'));
    t.match(await answerTo(agent, 'a8'), { t: 'error', code: 403 }, 'another member is still closed to the agent');
  });

  t.test('agent → a member about a new-home estate it advises (housetype 1): delivered', async (t) => {
    const lp = (estate as { loupan_id: number }).loupan_id;
    send(agent, 'a9', estateBuyer, card(lp, 1, '测试楼盘'));
    t.match(await answerTo(agent, 'a9'), { t: 'ack', message: { to: estateBuyer, msgType: 'house' } });
    const other = rows<{ loupan_id: number }>(
      portal,
      'SELECT loupan_id FROM loupan_belonger WHERE loupan_id NOT IN (SELECT loupan_id FROM loupan_belonger WHERE belonger_id = ?) LIMIT 1',
      agentId,
    )[0];
    send(agent, 'a10', stranger, card((other as { loupan_id: number }).loupan_id, 1, '别人的楼盘'));
    t.match(
      await answerTo(agent, 'a10'),
      { t: 'error', code: 403, message: CHAT_ACCESS_MESSAGES.notYourListing },
      "another agent's estate",
    );
  });

  t.test('a member still cannot write to another member', async (t) => {
    send(member, 'm2', stranger, text('hi'));
    t.match(await answerTo(member, 'm2'), { t: 'error', code: 404, message: '获取用户uid 失败！' });
  });
});
