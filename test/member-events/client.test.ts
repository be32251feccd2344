import t from 'tap';
import { runForcedLogout } from '../../src/client/forced-logout.ts';
import { connectMemberSocket, type SocketLike } from '../../src/client/member-socket.ts';
import { createTracker } from '../../src/client/tracking.ts';
import { FORCED_LOGOUT_DELAY_MS, RECONNECT_MAX_MS, reconnectDelay } from '../../src/lib/member-socket.ts';
import type { TrackEvent } from '../../src/lib/tracking.ts';
import { buildTestApp } from '../helpers/build.ts';

/** SPEC 4 forced logout in the browser: the socket that reconnects, and the steps after the message, in order. */

class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closedWith: number | null = null;
  close(code?: number) {
    this.closedWith = code ?? 1005;
  }
}

function harness(userId = '1001') {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let signedOut = 0;
  const handle = connectMemberSocket({
    url: 'ws://localhost/-/ws',
    userId,
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onSignedOut: () => {
      signedOut++;
    },
    random: () => 1,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
  });
  return { sockets, timers, handle, signedOut: () => signedOut };
}

t.test('reconnect backoff doubles from 1 s to 30 s, with jitter between half and the whole delay', async (t) => {
  t.equal(
    reconnectDelay(0, () => 1),
    1000,
  );
  t.equal(
    reconnectDelay(0, () => 0),
    500,
  );
  t.equal(
    reconnectDelay(3, () => 1),
    8000,
  );
  t.equal(
    reconnectDelay(20, () => 1),
    RECONNECT_MAX_MS,
  );
  t.equal(
    reconnectDelay(20, () => 0),
    RECONNECT_MAX_MS / 2,
  );
});

t.test('a socket error reconnects with a growing delay; an open resets it', async (t) => {
  const h = harness();
  t.equal(h.sockets.length, 1, 'connected at once');
  h.sockets[0].onerror?.();
  h.sockets[0].onclose?.();
  t.equal(h.timers.length, 1, 'an error and its close schedule one reconnect');
  t.equal(h.timers[0].ms, 1000);
  h.timers[0].fn();
  t.equal(h.sockets.length, 2, 'a new socket');
  h.sockets[1].onclose?.();
  t.equal(h.timers[1].ms, 2000, 'the next wait is longer');
  h.timers[1].fn();
  h.sockets[2].onopen?.();
  h.sockets[2].onclose?.();
  t.equal(h.timers[2].ms, 1000, 'after an open the backoff starts over');
});

t.test('only a message equal to the user id signs out, once, and the socket stays closed', async (t) => {
  const h = harness('1001');
  const s = h.sockets[0];
  s.onopen?.();
  s.onmessage?.({ data: '2002' });
  s.onmessage?.({ data: 'hello' });
  t.equal(h.signedOut(), 0, "another member's id or noise does nothing");
  s.onmessage?.({ data: '1001' });
  t.equal(h.signedOut(), 1, 'the own user id signs out');
  t.equal(s.closedWith, 1000, 'the socket is closed');
  s.onclose?.();
  t.equal(h.timers.length, 0, 'and not reopened');
  t.equal(h.sockets.length, 1);
});

t.test('the forced logout runs SPEC 4 steps 2 to 6 in order, with the 500 ms wait', async (t) => {
  const steps: string[] = [];
  await runForcedLogout({
    showLoading: () => void steps.push('loading toast'),
    wait: async (ms) => void steps.push(`wait ${ms}`),
    clearLogin: async () => void steps.push('clear login'),
    showDone: () => void steps.push('退出成功'),
    goHome: () => void steps.push('home'),
    track: () => void steps.push('logout event'),
  });
  t.equal(FORCED_LOGOUT_DELAY_MS, 500, 'SPEC 9');
  t.same(steps, ['loading toast', 'wait 500', 'clear login', '退出成功', 'home', 'logout event']);
});

t.test('a failing logout call still clears the rest, says 退出成功 and goes home', async (t) => {
  const steps: string[] = [];
  await runForcedLogout({
    showLoading: () => undefined,
    wait: async () => undefined,
    clearLogin: async () => {
      throw new Error('offline');
    },
    showDone: () => void steps.push('退出成功'),
    goHome: () => void steps.push('home'),
    track: () => void steps.push('logout event'),
  });
  t.same(steps, ['退出成功', 'home', 'logout event']);
});

t.test('the logout event goes through the tracking beacon and the endpoint takes it', async (t) => {
  const sent: TrackEvent[] = [];
  const tracker = createTracker((e) => void sent.push(e));
  tracker.route({ page: 'home', params: {}, noTrack: false, status: 200, query: {} }, 'http://localhost/');
  tracker.logout('http://localhost/');
  const logout = sent.find((e) => e.kind === 'logout');
  t.match(logout, { kind: 'logout', page: 'home', pageUrl: 'http://localhost/' });

  const portal = await buildTestApp();
  t.teardown(() => portal.close());
  const res = await portal.app.inject({ method: 'POST', url: '/-/track', payload: logout, headers: { cookie: portal.memberCookie() } });
  t.equal(res.statusCode, 204);
});
