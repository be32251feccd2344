import type { WorkerMemory } from './registry/types.ts';

/** What a worker is forked with. */
export interface WorkerLaunch {
  /** Node flags for the worker, after the primary's own (cluster.setupPrimary's execArgv). */
  execArgv: string[];
  /** Variables added to the worker's environment. */
  env: Record<string, string>;
}

/** `--max_old_space_size=1` and `--max-old-space-size 1` are the same flag to V8: its name with dashes. */
const flagName = (arg: string) => arg.replace(/^--/, '').split('=')[0].replaceAll('_', '-');

/**
 * How the cluster's primary forks a portal worker (issue 35 part 3; SPEC 9: the page cache's bounds): the node flags
 * and the environment that keep a worker's memory near what its bounded stores hold, from the registry's
 * `site.workerMemory`. Measured with `npm run bench:mix` (README "Traffic benchmark"):
 * - V8 grows the old space after each full collection by a factor of the live heap that depends on the heap's ceiling:
 *   1.3 for a ceiling up to 256 MB, rising to 4 at 2 GB. Left to itself on a machine with plenty of memory, a worker
 *   with 70 MB live let its heap reach 300 MB. `maxOldSpaceMb` is that ceiling (--max-old-space-size): 256 keeps the
 *   heap near 1.3 times its live size and still leaves room for the memos (in the heap) and the renders in flight.
 * - `maxSemiSpaceMb` (--max-semi-space-size) halves the young generation, which is committed even when idle.
 * - Compression runs on libuv's threads (@fastify/compress streams), and glibc gives each thread an arena of its own
 *   that keeps what it freed: about 30 MB over eight arenas per worker. `mallocArenaMax` (MALLOC_ARENA_MAX) caps them.
 * - glibc serves a big allocation with an mmap of its own, but raises that threshold to the size of any such block
 *   freed (up to 32 MB); then the large short-lived buffers of brotli, zlib and the HTTP parsers come from the arenas
 *   and their pages stay in the RSS. `mallocMmapThresholdKb` (MALLOC_MMAP_THRESHOLD_) fixes the threshold: at 128 KB
 *   the RSS after the mix was about 10 MB lower for 15 to 25 % more CPU per request, so it is off by default.
 * A flag given to node itself (its arguments, NODE_OPTIONS) and a glibc variable already in the environment win;
 * 0 leaves a setting to V8 or glibc.
 */
export function workerLaunch(settings: WorkerMemory, given: { execArgv: readonly string[]; env: NodeJS.ProcessEnv }): WorkerLaunch {
  const named = new Set(
    [...given.execArgv, ...(given.env.NODE_OPTIONS ?? '').split(/\s+/)].filter((a) => a.startsWith('--')).map(flagName),
  );
  const execArgv = [...given.execArgv];
  const flag = (name: string, value: number) => {
    if (value > 0 && !named.has(name)) execArgv.push(`--${name}=${value}`);
  };
  flag('max-old-space-size', settings.maxOldSpaceMb);
  flag('max-semi-space-size', settings.maxSemiSpaceMb);
  const env: Record<string, string> = {};
  const glibc = (name: string, value: number) => {
    if (value > 0 && given.env[name] === undefined) env[name] = String(value);
  };
  glibc('MALLOC_ARENA_MAX', settings.mallocArenaMax);
  glibc('MALLOC_MMAP_THRESHOLD_', settings.mallocMmapThresholdKb * 1024);
  return { execArgv, env };
}

/** The V8 old space must hold the memos with this much beside them (the code, the registry, the renders in flight). */
export const HEAP_BESIDE_MEMOS_MB = 128;
