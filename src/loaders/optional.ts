import type { PageContext } from '../pipeline/types.ts';

/**
 * A call whose failure only removes a section of the page: logged, and the page still renders, but it is marked
 * degraded so the page cache does not keep it (issue 11 point 3: a page is cached only when it rendered from
 * complete data).
 */
export async function optional<T>(ctx: PageContext, what: string, p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch (err) {
    ctx.log.warn({ err, what }, 'optional gateway call failed');
    ctx.degraded = true;
    return fallback;
  }
}
