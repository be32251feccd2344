import type { RegistryChange } from './diff.ts';
import type { RegistryProblem } from './problems.ts';

/**
 * Issue 36 part 2: the registry's change history, kept by each process: every load at start and every reload, accepted
 * or refused (time, the file's SHA-256, the entries changed against the registry serving then, the result, the
 * problems of a refusal). The text of each accepted file still listed is kept too (once per distinct file), so that
 * the console can put it back (plugins/registry.ts `restore`). Bounded by `site.ops.historyLength`, read at each record.
 */

/** What made the process read the file: its start, the file watcher, a reload call, a restore from the console. */
export type ReloadCause = 'start' | 'watch' | 'reload' | 'restore';

export interface RegistryEvent {
  at: number;
  /** SHA-256 of the file's bytes ('' when it could not be read). */
  sha256: string;
  result: 'accepted' | 'refused';
  cause: ReloadCause;
  /** Against the registry serving when it happened. */
  changes: RegistryChange[];
  /** A refusal's problems, by entry and field. */
  problems: RegistryProblem[];
  /** Who asked for it (a restore: the console's caller, never a token). */
  by?: string;
}

export interface RegistryHistory {
  /** Newest first. */
  list(): RegistryEvent[];
  lastRefused(): RegistryEvent | undefined;
  /** The text of an accepted file still in the history. */
  acceptedText(sha256: string): string | undefined;
}

export interface RecordingHistory extends RegistryHistory {
  record(event: RegistryEvent, acceptedText?: string): void;
}

export function createRegistryHistory(limit: () => number): RecordingHistory {
  const events: RegistryEvent[] = [];
  const texts = new Map<string, string>();
  // Kept apart from the bounded list: the last refusal stays on the console however many reloads follow it.
  let refused: RegistryEvent | undefined;
  return {
    record(event, acceptedText) {
      events.push(event);
      if (event.result === 'refused') refused = event;
      if (event.result === 'accepted' && acceptedText !== undefined) texts.set(event.sha256, acceptedText);
      const max = Math.max(1, limit());
      if (events.length > max) {
        events.splice(0, events.length - max);
        const kept = new Set(events.filter((e) => e.result === 'accepted').map((e) => e.sha256));
        for (const sha of texts.keys()) if (!kept.has(sha)) texts.delete(sha);
      }
    },
    list: () => events.slice().reverse(),
    lastRefused: () => refused,
    acceptedText: (sha256) => texts.get(sha256),
  };
}
