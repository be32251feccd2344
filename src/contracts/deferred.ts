/**
 * A field of page data that may stream (issue 20 part 2): the value itself (browser, tests, /-/data answers), or on the
 * server a promise of it that renders after the shell (src/render/deferred.ts makes and reads them). A contract type,
 * so page data can say which of its fields stream without depending on the renderer.
 */
export interface DeferredPromise<T> extends Promise<T> {
  /** React's `use` reads these: a settled promise renders without suspending. */
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  toJSON(): T | undefined;
}

export type Deferred<T> = T | DeferredPromise<T>;
