import t from 'tap';
import { type ChatSocketLike, createBuiltinTransport } from '../../src/client/chat/builtin.ts';
import type { ChatEvent } from '../../src/contracts/chat.ts';

/**
 * The built-in transport's connection rules (issue 18) over a fake socket and clock: reconnect after a close with
 * backoff and jitter (1 s doubling, half to the whole delay), a message sent while offline goes out once the socket is
 * ready again and resolves with its ack, and it fails with 发送失败，请重试 when no ack comes in time.
 */

function harness() {
  const sockets: Array<ChatSocketLike & { sent: string[]; readyState: number }> = [];
  const timers: Array<{ fn: () => void; ms: number; done: boolean }> = [];
  const transport = createBuiltinTransport(
    { transport: 'builtin', userId: 'm1', socketPath: '/-/chat/ws' },
    {
      origin: { protocol: 'https:', host: 'm.example.com' },
      random: () => 1,
      openSocket: (url) => {
        const s = {
          url,
          readyState: 1,
          sent: [] as string[],
          onopen: null,
          onmessage: null,
          onclose: null,
          onerror: null,
          send(data: string) {
            this.sent.push(data);
          },
          close() {},
        };
        sockets.push(s);
        return s;
      },
      setTimer: (fn, ms) => {
        const timer = { fn, ms, done: false };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => {
        (timer as { done: boolean }).done = true;
      },
      fetch: async () => new Response('[]'),
    },
  );
  const frame = (i: number, f: object) => sockets[i]?.onmessage?.({ data: JSON.stringify(f) });
  const fire = (ms: number) => {
    const timer = timers.find((x) => !x.done && x.ms === ms);
    if (!timer) throw new Error(`no pending timer of ${ms} ms: ${timers.map((x) => `${x.ms}${x.done ? '✓' : ''}`).join(',')}`);
    timer.done = true;
    timer.fn();
  };
  return { transport, sockets, timers, frame, fire };
}

t.test('reconnects with backoff, resends what waited, resolves with the ack', async (t) => {
  const h = harness();
  const events: ChatEvent[] = [];
  h.transport.on((e) => events.push(e));
  t.equal((h.sockets[0] as unknown as { url: string }).url, 'wss://m.example.com/-/chat/ws', 'wss on an https page');
  h.frame(0, { t: 'ready', userId: 'm1' });
  t.equal(h.transport.ready(), true);

  h.sockets[0]?.onclose?.({ code: 1006 });
  t.equal(h.transport.ready(), false);
  t.match(events.at(-1), { type: 'status', status: 'offline' });
  const sent = h.transport.send('b1', { msgType: 'text', content: { text: '离线时发的' } }, 'k1');
  t.same(h.sockets[0]?.sent, [], 'nothing is written to a closed socket');
  h.fire(1000);
  t.equal(h.sockets.length, 2, 'a new socket after 1 s');
  h.sockets[1]?.onclose?.({ code: 1006 });
  h.fire(2000);
  t.equal(h.sockets.length, 3, 'then after 2 s (doubling)');
  h.frame(2, { t: 'ready', userId: 'm1' });
  t.match(
    JSON.parse(h.sockets[2]?.sent[0] ?? '{}'),
    { t: 'send', clientId: 'k1', to: 'b1', msgType: 'text' },
    'the waiting message goes out',
  );
  const message = { id: '9', clientId: 'k1', from: 'm1', to: 'b1', time: 1, read: false, msgType: 'text', content: { text: '离线时发的' } };
  h.frame(2, { t: 'ack', clientId: 'k1', message });
  t.same(await sent, message);
  h.frame(2, { t: 'message', message });
  t.notOk(
    events.some((e) => e.type === 'message'),
    'the echo of an acked message is dropped',
  );
  h.sockets[2]?.onclose?.({ code: 1006 });
  h.fire(1000);
  t.pass('a successful connection reset the backoff to 1 s');
  h.transport.close();
});

t.test('a send without an ack in time fails with 发送失败，请重试', async (t) => {
  const h = harness();
  h.frame(0, { t: 'ready', userId: 'm1' });
  const sent = h.transport.send('b1', { msgType: 'text', content: { text: 'x' } }, 'k2');
  h.fire(15_000);
  await t.rejects(sent, { message: '发送失败，请重试' });
  const refused = h.transport.send('b1', { msgType: 'text', content: { text: 'y' } }, 'k3');
  h.frame(0, { t: 'error', clientId: 'k3', code: 429, message: '发送太频繁，请稍后再试' });
  await t.rejects(refused, { message: '发送太频繁，请稍后再试' });
  h.transport.close();
});
