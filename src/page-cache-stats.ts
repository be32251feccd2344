import type { StoredPage } from './page-cache.ts';

/**
 * Issue 36 part 2: the page cache's numbers for the ops console: entries and bytes per registry entry, the biggest and
 * the most-hit keys, and the hit ratio over the last minutes (counted in 10-second steps, so that a window costs a
 * few hundred counters at most, whatever the traffic).
 */

export interface EntryUsage {
  /** The registry page the key's path matches ('' when none does any more). */
  entry: string;
  entries: number;
  bytes: number;
  hits: number;
}

export interface KeyUsage {
  /** The page key: `<site kind>|<city id>|<path>[?<query>]`. */
  key: string;
  entry: string;
  bytes: number;
  hits: number;
  ttlMs: number;
}

export interface CacheUsage {
  entries: number;
  bytes: number;
  byEntry: EntryUsage[];
  biggest: KeyUsage[];
  mostHit: KeyUsage[];
}

/** Sums stored pages by registry entry and picks the `top` biggest and most-hit keys. */
export function cacheUsage(pages: Iterable<StoredPage>, entryOf: (pageKey: string) => string, top: number): CacheUsage {
  const byEntry = new Map<string, EntryUsage>();
  const all: KeyUsage[] = [];
  let entries = 0;
  let bytes = 0;
  for (const p of pages) {
    const entry = entryOf(p.key);
    const usage = byEntry.get(entry) ?? { entry, entries: 0, bytes: 0, hits: 0 };
    usage.entries++;
    usage.bytes += p.bytes;
    usage.hits += p.hits;
    byEntry.set(entry, usage);
    entries++;
    bytes += p.bytes;
    all.push({ key: p.key, entry, bytes: p.bytes, hits: p.hits, ttlMs: p.ttlMs });
  }
  return {
    entries,
    bytes,
    byEntry: [...byEntry.values()].sort((a, b) => b.bytes - a.bytes || a.entry.localeCompare(b.entry)),
    biggest: all
      .slice()
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, top),
    mostHit: all
      .filter((k) => k.hits > 0)
      .sort((a, b) => b.hits - a.hits)
      .slice(0, top),
  };
}

/** The shared level (Redis) in numbers: the current generation's keys, by registry entry. */
export interface SharedUsage {
  entries: number;
  bytes: number;
  byEntry: EntryUsage[];
  /** More keys than were counted: the numbers are of the first ones only. */
  truncated: boolean;
}

export interface HitRatio {
  windowSeconds: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), null before any lookup. */
  ratio: number | null;
}

const STEP_MS = 10_000;
/** The longest window site.ops.hitRatioWindowSeconds allows. */
const KEEP_STEPS = 3600_000 / STEP_MS + 1;

/** Hits and misses of the cache lookups, per 10-second step, for the last hour at most. */
export function createHitWindow(now: () => number) {
  const steps: Array<{ step: number; hits: number; misses: number }> = [];
  const current = () => {
    const step = Math.floor(now() / STEP_MS);
    let last = steps[steps.length - 1];
    if (!last || last.step !== step) {
      last = { step, hits: 0, misses: 0 };
      steps.push(last);
      while (steps.length > 0 && steps[0].step <= step - KEEP_STEPS) steps.shift();
    }
    return last;
  };
  return {
    countHit(): void {
      current().hits++;
    },
    countMiss(): void {
      current().misses++;
    },
    /** The lookups of the last `windowSeconds` (the current step counts in full). */
    ratio(windowSeconds: number): HitRatio {
      const from = Math.floor(now() / STEP_MS) - Math.ceil((windowSeconds * 1000) / STEP_MS);
      let hits = 0;
      let misses = 0;
      for (const s of steps) {
        if (s.step <= from) continue;
        hits += s.hits;
        misses += s.misses;
      }
      return { windowSeconds, hits, misses, ratio: hits + misses > 0 ? hits / (hits + misses) : null };
    },
  };
}

export type HitWindow = ReturnType<typeof createHitWindow>;
