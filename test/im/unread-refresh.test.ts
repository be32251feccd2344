/** The header's unread count refresh (src/client/im/unread-refresh.ts): on coming into view and every minute, only while in view. */
import t from 'tap';
import { startUnreadRefresh, UNREAD_REFRESH_MS } from '../../src/client/im/unread-refresh.ts';

t.test('refreshes when the page comes into view and on the timer, never while hidden; stop ends both', async (t) => {
  let visible = true;
  let onVis: (() => void) | null = null;
  let tick: (() => void) | null = null;
  let period = 0;
  const set: number[] = [];
  let answer: number | null = 3;
  const r = startUnreadRefresh({
    set: (n) => set.push(n),
    fetchTotal: async () => answer,
    visible: () => visible,
    onVisibility: (fn) => {
      onVis = fn;
      return () => {
        onVis = null;
      };
    },
    every: (fn, ms) => {
      tick = fn;
      period = ms;
      return () => {
        tick = null;
      };
    },
  });
  t.equal(period, UNREAD_REFRESH_MS);
  (onVis as unknown as () => void)();
  await new Promise((resolve) => setImmediate(resolve));
  t.same(set, [3], 'coming into view');
  answer = 0;
  (tick as unknown as () => void)();
  await new Promise((resolve) => setImmediate(resolve));
  t.same(set, [3, 0], 'the timer');
  visible = false;
  answer = 9;
  (tick as unknown as () => void)();
  await new Promise((resolve) => setImmediate(resolve));
  t.same(set, [3, 0], 'nothing while hidden');
  visible = true;
  answer = null;
  (tick as unknown as () => void)();
  await new Promise((resolve) => setImmediate(resolve));
  t.same(set, [3, 0], 'a failed answer leaves the count');
  r.stop();
  t.equal(onVis, null);
  t.equal(tick, null);
});
