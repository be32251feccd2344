import { LRUCache } from 'lru-cache';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { MarkupMemo } from '../ui/markup-memo.tsx';

/**
 * The server's MarkupMemo: markup rendered with renderToString (React supports a render started inside another, and
 * restores its own state after it) and kept in an LRU bounded by characters, the key's counted too (a card's key is its
 * listing). A scope object gets a number of its own while it lives; once it is replaced, its entries are never asked
 * again and age out.
 */
export function createMarkupMemo(opts: { maxChars: number }): MarkupMemo {
  const markup = new LRUCache<string, string>({ maxSize: opts.maxChars, sizeCalculation: (html, key) => html.length + key.length });
  const scopes = new WeakMap<object, number>();
  let nextScope = 0;
  return {
    markupOf(scope, key, children: ReactNode) {
      let id = scopes.get(scope);
      if (id === undefined) {
        id = nextScope++;
        scopes.set(scope, id);
      }
      const cacheKey = `${id}\u0001${key}`;
      let html = markup.get(cacheKey);
      if (html === undefined) {
        // renderToString answers a rope of every chunk React wrote; kept as it is, each page that includes it would walk
        // those thousands of pieces again when encoding its bytes. A flat copy is made once.
        html = Buffer.from(renderToString(children)).toString();
        markup.set(cacheKey, html);
      }
      return html;
    },
    get size() {
      return markup.size;
    },
    get chars() {
      return markup.calculatedSize;
    },
  };
}
