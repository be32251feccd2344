import { createContext, type ReactNode, use } from 'react';

/**
 * The server's store of markup that is the same for every visitor of a page state (issue 20): a list's filter bar is
 * the same ~150 elements for everyone who opens that list. Given by the server's render only (src/render/markup-memo.ts);
 * in the browser there is none, and components render their children as usual.
 */
export interface MarkupMemo {
  /**
   * The markup of `children`, rendered once per `scope` object and `key`. `scope` is data the markup depends on that
   * is replaced, not changed, when it changes (a dictionary from an expiring cache); `key` names everything else the
   * markup depends on. Children must not read context, use `useId` or suspend: they are rendered on their own.
   */
  markupOf(scope: object, key: string, children: ReactNode): string;
  /** How many markups are kept. */
  readonly size: number;
  /** The characters they hold, keys included (what the byte bound counts, two bytes a character). */
  readonly chars: number;
}

export const MarkupMemoContext = createContext<MarkupMemo | null>(null);

/**
 * The props that give an element its children: on the server the memoised markup (the same bytes a render of the
 * children writes, so the browser hydrates the real children onto them), in the browser the children themselves.
 * A key that costs something to build (a listing's JSON) is passed as a function: the browser never builds it.
 */
export function useMemoChildren(
  scope: object,
  key: string | (() => string),
  children: ReactNode,
): { children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } } {
  const memo = use(MarkupMemoContext);
  if (!memo) return { children };
  return { dangerouslySetInnerHTML: { __html: memo.markupOf(scope, typeof key === 'function' ? key() : key, children) } };
}
