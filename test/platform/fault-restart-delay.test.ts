/**
 * The cluster primary's restart delay (issue 33 section 4): 0.5 s, doubling only with deaths in a row (a worker that
 * died soon after its restart), at most 30 s. A worker that had served a while before it died is replaced after
 * 0.5 s: measured before the fix, a kill 21 s after the previous restart waited 1 s.
 */
import t from 'tap';
import { RESTART_POLICY, restartDelay } from '../../src/restart-delay.ts';

/** Replays a series of deaths: how long each dead worker had been listening; returns the delays chosen. */
function replay(servedMs: number[]): number[] {
  let inARow = 0;
  return servedMs.map((served) => {
    const next = restartDelay(inARow, served);
    inARow = next.deathsInARow;
    return next.delayMs;
  });
}

t.test('the policy: 0.5 s, at most 30 s', async (t) => {
  t.equal(RESTART_POLICY.minMs, 500);
  t.equal(RESTART_POLICY.maxMs, 30_000);
  t.ok(RESTART_POLICY.stableMs <= 20_000, `a worker that served ${RESTART_POLICY.stableMs} ms was stable`);
});

t.test('a death after a long life: 500 ms, whatever came before', async (t) => {
  t.same(restartDelay(0, 3_600_000), { deathsInARow: 1, delayMs: 500 }, 'the first death');
  t.same(restartDelay(7, 3_600_000), { deathsInARow: 1, delayMs: 500 }, 'after a series of quick deaths');
});

t.test("the issue's timeline: a kill, then another 21 s later, waits 500 ms both times", async (t) => {
  // The first worker served for minutes; its replacement was up 500 ms later and served about 20 s.
  t.same(replay([300_000, 20_500]), [500, 500]);
});

t.test('deaths in a row: 500, 1000, 2000 … capped at 30 s', async (t) => {
  t.same(replay([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  t.same(replay([1_000, 2_000, 500]), [500, 1000, 2000], 'a worker that died within seconds of listening');
  t.equal(restartDelay(10_000, 0).delayMs, 30_000, 'no overflow after very many deaths');
});

t.test('a stable worker in the middle of a series starts the count again', async (t) => {
  t.same(replay([0, 0, 0, 600_000, 0, 0]), [500, 1000, 2000, 500, 1000, 2000]);
  t.same(replay([0, 0, RESTART_POLICY.stableMs]), [500, 1000, 500], 'stable from exactly stableMs');
  t.same(replay([0, 0, RESTART_POLICY.stableMs - 1]), [500, 1000, 2000], 'just short of it: still in a row');
});
