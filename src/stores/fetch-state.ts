/**
 * Fetch state per page (SPEC 3, 4): pending, error and timestamp. `pending` is a display state: once it turns on it
 * stays on for at least FETCH_MIN_DISPLAY_MS (SPEC 9), so a loading bar or skeleton never flashes for a few frames.
 * The data itself is handed on as soon as it arrives; only the flag waits.
 */
export const FETCH_MIN_DISPLAY_MS = 200;

export interface FetchState {
  pending: boolean;
  /** The last failure's message, or null. */
  error: string | null;
  /** Epoch ms of the last completed fetch (success or failure); 0 before the first. */
  timestamp: number;
}

export type FetchStates = Record<string, FetchState>;

export const idleFetchState = (): FetchState => ({ pending: false, error: null, timestamp: 0 });

export interface FetchClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: FetchClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The states object (a valtio proxy in the browser); a page's entry is created on first use. */
export function fetchStateOf(states: FetchStates, key: string): FetchState {
  let s = states[key];
  if (!s) {
    states[key] = idleFetchState();
    s = states[key];
  }
  return s;
}

/**
 * Run `fn` as the fetch of page `key`: pending while it runs (and for at least `minMs` in all), then error or
 * timestamp. Resolves with fn's value (or rejects with its error) as soon as fn settles. A newer run of the same key
 * supersedes an older one: the older one no longer touches the state.
 */
export function runFetch<T>(
  states: FetchStates,
  key: string,
  fn: () => Promise<T>,
  opts: { minMs?: number; clock?: FetchClock } = {},
): Promise<T> {
  const clock = opts.clock ?? realClock;
  const minMs = opts.minMs ?? FETCH_MIN_DISPLAY_MS;
  const state = fetchStateOf(states, key);
  const run = (runs.get(states)?.get(key) ?? 0) + 1;
  if (!runs.has(states)) runs.set(states, new Map());
  runs.get(states)?.set(key, run);
  const started = clock.now();
  state.pending = true;
  state.error = null;
  const current = () => runs.get(states)?.get(key) === run;
  const settle = async (error: string | null) => {
    const left = minMs - (clock.now() - started);
    if (left > 0) await clock.sleep(left);
    if (!current()) return;
    state.pending = false;
    state.error = error;
    state.timestamp = clock.now();
  };
  const p = fn();
  p.then(
    () => settle(null),
    (err: unknown) => settle(err instanceof Error ? err.message : String(err)),
  );
  return p;
}

const runs = new WeakMap<object, Map<string, number>>();
