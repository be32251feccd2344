import type { CacheUsage, HitRatio, SharedUsage } from '../page-cache-stats.ts';
import { diffRegistry, parseJson, type RegistryChange } from '../registry/diff.ts';
import type { RegistryEvent, RegistryHistory } from '../registry/history.ts';
import { type Registry, readRegistrySource } from '../registry/load.ts';
import type { OpsCaller } from './auth.ts';
import type { ProcessDirectory } from './directory.ts';
import type { Check, ProcessStatus } from './health.ts';
import type { SlowestReport, SlowestSource } from './slowest.ts';

/**
 * Issue 36 part 2: everything the ops console shows, gathered in one object: the page renders it (src/ops/view.tsx)
 * and `/-/ops/data.json` sends it as it is. What it reads is described by the small interfaces below, which the
 * registry and page-cache plugins satisfy (src never imports a plugin).
 */

export interface OpsRegistry {
  readonly current: Registry;
  readonly source: { text: string; sha256: string; loadedAt: number };
  readonly path: string;
  readonly history: RegistryHistory;
}

export interface OpsPageCache {
  usage(top: number): CacheUsage;
  hitRatio(windowSeconds: number): HitRatio;
  sharedUsage(maxKeys: number): Promise<SharedUsage | null>;
  shared(): boolean;
  readonly generation: number;
}

export interface OpsSources {
  registry: OpsRegistry;
  pageCache: OpsPageCache;
  /** The metrics' slowest pages; null: no metrics in this app (指标未启用). */
  slowest: SlowestSource | null;
  /** This process now. */
  self(): ProcessStatus;
  /** Every process (REDIS_URL); null: this process alone. */
  directory: ProcessDirectory | null;
  checkGateway(): Promise<Check>;
  /** Null without REDIS_URL. */
  pingRedis: (() => Promise<Check>) | null;
  /** Page-cache keys counted on the shared level, at most. */
  sharedScanMax: number;
  now(): number;
}

export interface DiskState {
  /** SHA-256 of the file on disk; null when it cannot be read. */
  sha256: string | null;
  sameAsServing: boolean;
  /** Serving → disk, by entry and field (empty when the disk's text is no JSON). */
  changes: RegistryChange[];
  /** Why it could not be read, or that it is no JSON. */
  error: string | null;
}

export interface HistoryRow extends RegistryEvent {
  /** The file this row accepted is the one serving. */
  serving: boolean;
  /** Its text is kept: the console can write it back. */
  restorable: boolean;
}

export interface OpsState {
  generatedAt: number;
  caller: OpsCaller;
  registry: {
    path: string;
    sha256: string;
    loadedAt: number;
    pages: number;
    actions: number;
    redirects: number;
    /** Every page entry's name (the purge form's choices). */
    entries: string[];
    disk: DiskState;
    lastRefused: RegistryEvent | null;
    history: HistoryRow[];
  };
  pageCache: {
    shared: boolean;
    generation: number;
    bounds: { maxEntries: number; maxBytes: number };
    /** How many keys the biggest and most-hit lists hold at most (site.ops.topKeys). */
    top: number;
    local: CacheUsage;
    hitRatio: HitRatio;
    /** The shared level; null without REDIS_URL or while Redis is away. */
    redis: SharedUsage | null;
  };
  slowest: ({ enabled: true; windowSeconds: number } & SlowestReport) | { enabled: false; reason: string };
  health: {
    gateway: Check;
    /** Null without REDIS_URL. */
    redis: Check | null;
    self: ProcessStatus;
    processes: ProcessStatus[];
    /** Where `processes` comes from: every process's heartbeat in Redis, or this process alone. */
    processScope: 'redis' | 'this-process';
  };
}

/** The file on disk against the one serving. */
export function diskState(registry: OpsRegistry): DiskState {
  let read: { text: string; sha256: string };
  try {
    read = readRegistrySource(registry.path);
  } catch (err) {
    return { sha256: null, sameAsServing: false, changes: [], error: (err as Error).message };
  }
  if (read.sha256 === registry.source.sha256) return { sha256: read.sha256, sameAsServing: true, changes: [], error: null };
  const parsed = parseJson(read.text);
  if (parsed === undefined) return { sha256: read.sha256, sameAsServing: false, changes: [], error: 'not valid JSON' };
  return { sha256: read.sha256, sameAsServing: false, changes: diffRegistry(parseJson(registry.source.text), parsed), error: null };
}

async function slowestState(sources: OpsSources, windowSeconds: number, top: number): Promise<OpsState['slowest']> {
  if (!sources.slowest) return { enabled: false, reason: 'no-metrics' };
  try {
    return { enabled: true, windowSeconds, ...(await sources.slowest.slowest(windowSeconds * 1000, top)) };
  } catch (err) {
    return { enabled: false, reason: (err as Error).message };
  }
}

/** Reads every source once; the slow ones (gateway, Redis) at the same time, each with its own time limit. */
export async function collectOpsState(sources: OpsSources, caller: OpsCaller): Promise<OpsState> {
  const { registry, pageCache } = sources;
  const current = registry.current;
  const ops = current.file.site.ops;
  const self = sources.self();
  const [gateway, redis, processes, shared, slowest] = await Promise.all([
    sources.checkGateway(),
    sources.pingRedis ? sources.pingRedis() : Promise.resolve(null),
    sources.directory ? sources.directory.list().catch(() => null) : Promise.resolve(null),
    pageCache.sharedUsage(sources.sharedScanMax).catch(() => null),
    slowestState(sources, ops.slowestWindowSeconds, ops.topKeys),
  ]);
  const history = registry.history.list().map((e) => ({
    ...e,
    serving: e.result === 'accepted' && e.sha256 === registry.source.sha256,
    restorable: e.result === 'accepted' && (e.sha256 === registry.source.sha256 || registry.history.acceptedText(e.sha256) !== undefined),
  }));
  const listed = processes && processes.length > 0 ? processes : null;
  return {
    generatedAt: sources.now(),
    caller,
    registry: {
      path: registry.path,
      sha256: registry.source.sha256,
      loadedAt: registry.source.loadedAt,
      pages: current.file.pages.length,
      actions: current.file.actions.length,
      redirects: current.file.redirects.length,
      entries: current.file.pages.map((p) => p.name).sort(),
      disk: diskState(registry),
      lastRefused: registry.history.lastRefused() ?? null,
      history,
    },
    pageCache: {
      shared: pageCache.shared(),
      generation: pageCache.generation,
      bounds: current.file.site.pageCache,
      top: ops.topKeys,
      local: pageCache.usage(ops.topKeys),
      hitRatio: pageCache.hitRatio(ops.hitRatioWindowSeconds),
      redis: shared,
    },
    slowest,
    health: {
      gateway,
      redis,
      self,
      // This process's own line is the one just taken, not its last heartbeat (nor missing before its first).
      processes: listed
        ? [...listed.filter((p) => p.host !== self.host || p.pid !== self.pid), self].sort(
            (a, b) => a.host.localeCompare(b.host) || a.pid - b.pid,
          )
        : [self],
      processScope: listed ? 'redis' : 'this-process',
    },
  };
}
