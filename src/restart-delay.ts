/**
 * How long the cluster's primary (src/server.ts) waits before it replaces a dead worker: 0.5 s, doubling with each
 * death in a row, at most 30 s. A death is "in a row" when the worker died soon after its (re)start: it never
 * listened, or it had listened for less than `stableMs`. A worker that served longer than that ran well: its death
 * starts the count again, and it is replaced after 0.5 s however many deaths came before it (issue 33: a kill 21 s
 * after the previous restart waited 1 s, as if the worker had died at once).
 */
export interface RestartPolicy {
  /** Delay after a death that is not in a row (the first of a series). */
  minMs: number;
  /** No delay is longer than this. */
  maxMs: number;
  /** A worker that listened this long before it died was stable: the count starts again. */
  stableMs: number;
}

export const RESTART_POLICY: RestartPolicy = { minMs: 500, maxMs: 30_000, stableMs: 10_000 };

export interface RestartDecision {
  /** Deaths in a row, this one included (1: not in a row). Pass it back for the next death. */
  deathsInARow: number;
  delayMs: number;
}

/**
 * The pure rule. `previousInARow`: what the last decision returned (0 before any death); `servedMs`: how long the
 * dead worker had been listening (0 if it never listened).
 */
export function restartDelay(previousInARow: number, servedMs: number, policy: RestartPolicy = RESTART_POLICY): RestartDecision {
  const deathsInARow = servedMs >= policy.stableMs ? 1 : previousInARow + 1;
  const delayMs = Math.min(policy.minMs * 2 ** (deathsInARow - 1), policy.maxMs);
  return { deathsInARow, delayMs };
}
