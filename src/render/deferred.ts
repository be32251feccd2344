import { createElement, type ReactNode, Suspense, use } from 'react';
import type { Deferred, DeferredPromise } from '../contracts/deferred.ts';

/**
 * Secondary data of a page (issue 20 part 2, "stream what is secondary"). A loader loads the primary record (the
 * listing, its status and SEO) before rendering and hands each secondary call (similar listings, recommended agents,
 * comments, price history…) to `defer`: the page renders at once and the secondary blocks stream after the shell
 * inside Suspense boundaries. On the server a secondary field is a promise; in the serialized state (written after
 * the last boundary), in /-/data answers and so in the browser it is the plain value (`toJSON`).
 */
export type { Deferred, DeferredPromise };

/** Where a request's deferred calls are kept, so a /-/data answer and the state script can wait for all of them. */
export interface DeferredHolder {
  deferred?: Promise<unknown>[];
}

/**
 * A secondary call of this request. `p` must not reject (wrap gateway calls in `optional`, which logs, marks the
 * page degraded and gives a fallback): a failed secondary block is a missing section, never an error page.
 */
export function defer<T>(holder: DeferredHolder, p: Promise<T>): DeferredPromise<T> {
  const d = p.then((value) => {
    d.status = 'fulfilled';
    d.value = value;
    return value;
  }) as DeferredPromise<T>;
  d.toJSON = () => d.value;
  // A rejection reaches whoever reads the value (the render, /-/data); one nobody reads (a HEAD request) is no crash.
  d.catch(() => undefined);
  if (holder.deferred) holder.deferred.push(d);
  else holder.deferred = [d];
  return d;
}

/** Every deferred call of the request settled (before data goes out as JSON or into the state script). */
export async function settleDeferred(holder: DeferredHolder): Promise<void> {
  const list = holder.deferred;
  if (list?.length) await Promise.all(list);
}

/**
 * Waits at most `ms` for every deferred call of the request (issue 35): a secondary block that arrives within a few
 * milliseconds of the shell is not worth streaming (a streamed render costs React about twice a whole one, and a
 * page-cache fill that streamed renders the page a second time). True when all of them settled in time.
 */
export async function settleWithin(holder: DeferredHolder, ms: number): Promise<boolean> {
  const list = holder.deferred;
  if (!list?.length) return true;
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([Promise.all(list).then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

const isThenable = <T>(x: Deferred<T>): x is DeferredPromise<T> =>
  x !== null && typeof x === 'object' && typeof (x as { then?: unknown }).then === 'function';

/** The value of a deferred field inside a component: suspends on the server until it arrives. */
export function useDeferred<T>(x: Deferred<T>): T {
  return isThenable(x) ? use(x as Promise<T>) : x;
}

function Resolved<T>({ value, children }: { value: Deferred<T>; children: (v: T) => ReactNode }): ReactNode {
  return children(useDeferred(value));
}

/**
 * A secondary block: `children` renders from the value once it is there. The boundary is rendered in the browser too
 * (where the value is plain), so the streamed HTML and the hydrated tree have the same shape.
 */
export function Streamed<T>({
  value,
  fallback = null,
  children,
}: {
  value: Deferred<T>;
  fallback?: ReactNode;
  children: (v: T) => ReactNode;
}): ReactNode {
  return createElement(Suspense, { fallback }, createElement(Resolved<T>, { value, children }));
}
