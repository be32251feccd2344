import { realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { diffRegistry, parseJson } from '../src/registry/diff.ts';
import { createRegistryHistory, type RegistryHistory, type ReloadCause } from '../src/registry/history.ts';
import {
  compileRegistrySource,
  type KnownNames,
  type Registry,
  RegistryError,
  type RegistrySource,
  readRegistrySource,
} from '../src/registry/load.ts';
import { splitProblem } from '../src/registry/problems.ts';
import { watchRegistryFile } from '../src/registry/watch.ts';

/** The file the registry in force was compiled from, and when (issue 36 part 2: the ops console shows it). */
export interface ServingSource extends RegistrySource {
  loadedAt: number;
}

export type RestoreResult = { ok: true } | { ok: false; reason: 'unknown' | 'write' | 'refused'; message: string };

export interface RegistryHolder {
  /** The registry serving new requests; replaced atomically by a valid edit. */
  readonly current: Registry;
  /** The text, SHA-256 and load time of the file `current` was compiled from. */
  readonly source: ServingSource;
  /** The registry file's path (REGISTRY_PATH). */
  readonly path: string;
  /** Every load and reload of this process, accepted or refused (issue 36 part 2). */
  readonly history: RegistryHistory;
  /**
   * Re-read the file; returns false (and keeps serving the previous registry) when the edit is invalid. The file
   * watcher passes `cause: 'watch'`: a file whose bytes are those last read is then left alone (a restore's own write,
   * an editor saving without a change).
   */
  reload(opts?: { cause?: ReloadCause; by?: string }): boolean;
  /**
   * Writes an accepted file of the history (or the one serving) back to disk and reloads it (issue 36 part 2: the
   * console's restore). `by` names who asked, for the history and the log.
   */
  restore(sha256: string, by: string): RestoreResult;
  /** Hear every accepted reload (the page cache retires its pages in every process, issue 20). */
  onReload(listener: (next: Registry) => void): void;
  /** Hear every refused edit (the previous registry keeps serving): the metrics count them (issue 36 part 1). */
  onRefused(listener: (problems: string[]) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    registry: RegistryHolder;
  }
}

export interface RegistryPluginOptions {
  path: string;
  known: KnownNames;
  watch: boolean;
}

/** Replaces the file in one step (a reader never sees half of it); through a symlink, the file it points to. */
function writeWhole(file: string, text: string): void {
  const target = realpathSync(file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.restore`);
  writeFileSync(temp, text);
  renameSync(temp, target);
}

/** Loads registry.json (the server refuses to start on an invalid file) and hot-reloads it for ops. */
const registryPlugin: FastifyPluginAsync<RegistryPluginOptions> = async (app, opts) => {
  const first = readRegistrySource(opts.path);
  let current = compileRegistrySource(first, opts.path, opts.known);
  let source: ServingSource = { ...first, loadedAt: app.clock() };
  /** The SHA-256 of the bytes last read, accepted or not: the watcher's "nothing new". */
  let lastRead = first.sha256;
  const history = createRegistryHistory(() => current.file.site.ops.historyLength);
  history.record({ at: source.loadedAt, sha256: first.sha256, result: 'accepted', cause: 'start', changes: [], problems: [] }, first.text);
  const reloadListeners: Array<(next: Registry) => void> = [];
  const refusalListeners: Array<(problems: string[]) => void> = [];
  for (const w of current.warnings) app.log.warn({ registry: opts.path }, w);

  const holder: RegistryHolder = {
    get current() {
      return current;
    },
    get source() {
      return source;
    },
    path: opts.path,
    history,
    reload({ cause = 'reload', by } = {}) {
      let read: RegistrySource | null = null;
      try {
        read = readRegistrySource(opts.path);
        if (cause === 'watch' && read.sha256 === lastRead) return true;
        lastRead = read.sha256;
        const next = compileRegistrySource(read, opts.path, opts.known);
        for (const w of next.warnings) app.log.warn({ registry: opts.path }, w);
        const changes = diffRegistry(parseJson(source.text), parseJson(read.text));
        current = next;
        source = { ...read, loadedAt: app.clock() };
        history.record({ at: source.loadedAt, sha256: read.sha256, result: 'accepted', cause, changes, problems: [], by }, read.text);
        for (const listener of reloadListeners) listener(next);
        app.log.info(
          { registry: opts.path, sha256: read.sha256, cause, by, pages: next.file.pages.length, changed: changes.length },
          'registry reloaded',
        );
        return true;
      } catch (err) {
        const problems = err instanceof RegistryError ? err.problems : [String(err)];
        const parsed = read ? parseJson(read.text) : undefined;
        history.record({
          at: app.clock(),
          sha256: read?.sha256 ?? '',
          result: 'refused',
          cause,
          changes: parsed === undefined ? [] : diffRegistry(parseJson(source.text), parsed),
          problems: problems.map(splitProblem),
          by,
        });
        app.log.error(
          { registry: opts.path, sha256: read?.sha256, cause, by, problems },
          `registry edit rejected, previous registry keeps serving: ${problems.join('; ')}`,
        );
        for (const listener of refusalListeners) listener(problems);
        return false;
      }
    },
    restore(sha256, by) {
      const text = sha256 === source.sha256 ? source.text : history.acceptedText(sha256);
      if (text === undefined) return { ok: false, reason: 'unknown', message: `no accepted registry file ${sha256} in the history` };
      try {
        writeWhole(opts.path, text);
      } catch (err) {
        app.log.error({ registry: opts.path, sha256, by, err: (err as Error).message }, 'registry restore: the file cannot be written');
        return { ok: false, reason: 'write', message: (err as Error).message };
      }
      app.log.warn({ registry: opts.path, sha256, by }, 'registry restore: an accepted file written back');
      if (holder.reload({ cause: 'restore', by })) return { ok: true };
      return {
        ok: false,
        reason: 'refused',
        message:
          history
            .lastRefused()
            ?.problems.map((p) => p.message)
            .join('; ') ?? '',
      };
    },
    onReload(listener) {
      reloadListeners.push(listener);
    },
    onRefused(listener) {
      refusalListeners.push(listener);
    },
  };
  app.decorate('registry', holder);
  if (opts.watch) {
    const stop = watchRegistryFile(opts.path, () => holder.reload({ cause: 'watch' }));
    app.addHook('onClose', async function stopWatchingRegistry() {
      stop();
    });
  }
};

export default fp(registryPlugin, { name: 'portal-registry', fastify: '5.x' });
