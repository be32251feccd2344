import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Registry } from '../src/registry/load.ts';
import { createMarkupMemo } from '../src/render/markup-memo.ts';
import type { MarkupMemo } from '../src/ui/markup-memo.tsx';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store of shared markup for pages rendered under `registry`, or null when its `site.markupCache` is 0. */
    markupMemo(registry: Registry): MarkupMemo | null;
  }
}

/**
 * One markup memo per registry version (issue 20; src/ui/markup-memo.tsx), sized by its `site.markupCache`: a reload
 * starts an empty one, so markup never outlives the routes it was rendered for.
 */
const markupMemoPlugin: FastifyPluginAsync = async (app) => {
  const memos = new WeakMap<Registry, MarkupMemo | null>();
  app.decorate('markupMemo', (registry: Registry) => {
    let memo = memos.get(registry);
    if (memo === undefined) {
      const { maxBytes } = registry.file.site.markupCache;
      // A string's characters take two bytes at most.
      memo = maxBytes > 0 ? createMarkupMemo({ maxChars: Math.floor(maxBytes / 2) }) : null;
      memos.set(registry, memo);
    }
    return memo;
  });
};

export default fp(markupMemoPlugin, { name: 'markup-memo', dependencies: ['portal-registry'] });
