import t from 'tap';
import { GATEWAY_EVENTS_PATH } from '../../plugins/gateway-events.ts';
import { MEMBER_SOCKET_PATH } from '../../src/lib/member-socket.ts';
import { parseNoticeFrame } from '../../src/lib/notice-frame.ts';
import { buildAppOverBackend, buildTestApp, MEMBER } from '../helpers/build.ts';
import { type WsSocket, watch } from '../helpers/ws-client.ts';
import { listEntrustedHome, saveWholeList } from './helpers.ts';

/**
 * Issue 37 part 2 in one process: a notice the gateway records reaches the member's open sockets as a JSON frame
 * (within 2 s), through the gateway events hook: the embedded gateway's event handed in as src/app.ts does, and a
 * company gateway's webhook POST /-/gateway/events with its bearer secret and a checked body.
 */
const SECRET = 'gateway-events-secret-0123456789abcdef';
const OTHER = { uid: 'u2002', userId: '2002', nickName: '另一位' };

t.test('a notice reaches the member socket, and only that member', async (t) => {
  const portal = await buildAppOverBackend(t, { env: { GATEWAY_EVENTS_SECRET: SECRET } });
  // What src/app.ts does with an embedded gateway in the same process.
  portal.backend.noticeEvents?.on('notice', (e: unknown) => void portal.app.gatewayEvents.receive(e));
  const open = async (cookie: string) =>
    watch((await portal.app.injectWS(MEMBER_SOCKET_PATH, { headers: { host: 'localhost', cookie } })) as unknown as WsSocket);
  const tab1 = await open(portal.memberCookie());
  const tab2 = await open(portal.memberCookie());
  const other = await open(portal.memberCookie(OTHER));
  t.teardown(() => {
    for (const s of [tab1, tab2, other]) s.socket.terminate();
  });

  t.equal((await saveWholeList(portal.backend.url, MEMBER.uid)).status, 200);
  const started = Date.now();
  await listEntrustedHome(portal.backend.url, 'owner-push');
  const first = parseNoticeFrame(await tab1.nextMessage(2000));
  t.ok(first, 'the first tab got a notice frame');
  t.ok(Date.now() - started < 2000, `within 2 s (${Date.now() - started} ms)`);
  t.equal(first?.notice.title, '「长沙二手房」有新房源');
  t.match(first?.notice.url, /^\/ershoufang\/\d+\.html$/);
  t.equal(first?.unread, 1);
  t.ok(parseNoticeFrame(await tab2.nextMessage(2000)), 'the second tab too');
  t.equal(await other.nextMessage(300), null, 'another member hears nothing');
  t.equal(tab1.socket.readyState, 1, 'a notice is no forced logout: the socket stays open');

  t.test('the webhook: a company gateway posts its event with the secret', async (t) => {
    const event = {
      type: 'notice',
      memberId: MEMBER.uid,
      userId: MEMBER.userId,
      notice: { id: 99, kind: 'drop', title: '「长沙二手房」有房源降价', text: '某小区 降价5万，100万 → 95万', url: '/ershoufang/1.html' },
      unread: 2,
    };
    const post = (payload: object, authorization?: string) =>
      portal.app.inject({
        method: 'POST',
        url: GATEWAY_EVENTS_PATH,
        headers: authorization ? { authorization } : {},
        payload,
      });
    const unknown = await portal.app.inject({ method: 'POST', url: '/-/gateway/no-such-path', payload: event });
    const missing = await post(event);
    t.equal(missing.statusCode, 404, 'no secret: the 404 of a post to no declared action');
    t.equal(missing.body, unknown.body, 'the very same answer, no hint that the route exists');
    const wrong = await post(event, 'Bearer wrong-secret');
    t.equal(wrong.statusCode, 404, 'a wrong secret too');
    t.equal(wrong.body, unknown.body);
    const bad = await post({ ...event, notice: { ...event.notice, url: 'https://evil.example/' } }, `Bearer ${SECRET}`);
    t.equal(bad.statusCode, 400, 'a notice leading off the site is refused');
    t.equal(await tab1.nextMessage(300), null, 'and reaches nobody');
    const res = await post(event, `Bearer ${SECRET}`);
    t.equal(res.statusCode, 204);
    const frame = parseNoticeFrame(await tab1.nextMessage(2000));
    t.same(frame, { t: 'notice', notice: event.notice, unread: 2 });
  });
});

t.test('without GATEWAY_EVENTS_SECRET there is no webhook', async (t) => {
  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  const res = await portal.app.inject({ method: 'POST', url: GATEWAY_EVENTS_PATH, payload: {} });
  t.equal(res.statusCode, 404);
});
