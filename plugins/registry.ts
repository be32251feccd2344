import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { type KnownNames, loadRegistryFile, type Registry, RegistryError } from '../src/registry/load.ts';
import { watchRegistryFile } from '../src/registry/watch.ts';

export interface RegistryHolder {
  /** The registry serving new requests; replaced atomically by a valid edit. */
  readonly current: Registry;
  /** Re-read the file; returns false (and keeps serving the previous registry) when the edit is invalid. */
  reload(): boolean;
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

/** Loads registry.json (the server refuses to start on an invalid file) and hot-reloads it for ops. */
const registryPlugin: FastifyPluginAsync<RegistryPluginOptions> = async (app, opts) => {
  let current = loadRegistryFile(opts.path, opts.known);
  const reloadListeners: Array<(next: Registry) => void> = [];
  const refusalListeners: Array<(problems: string[]) => void> = [];
  for (const w of current.warnings) app.log.warn({ registry: opts.path }, w);
  const holder: RegistryHolder = {
    get current() {
      return current;
    },
    reload() {
      try {
        const next = loadRegistryFile(opts.path, opts.known);
        for (const w of next.warnings) app.log.warn({ registry: opts.path }, w);
        current = next;
        for (const listener of reloadListeners) listener(next);
        app.log.info({ registry: opts.path, pages: next.file.pages.length }, 'registry reloaded');
        return true;
      } catch (err) {
        const problems = err instanceof RegistryError ? err.problems : [String(err)];
        app.log.error({ registry: opts.path, problems }, `registry edit rejected, previous registry keeps serving: ${problems.join('; ')}`);
        for (const listener of refusalListeners) listener(problems);
        return false;
      }
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
    const stop = watchRegistryFile(opts.path, () => holder.reload());
    app.addHook('onClose', async function stopWatchingRegistry() {
      stop();
    });
  }
};

export default fp(registryPlugin, { name: 'portal-registry', fastify: '5.x' });
