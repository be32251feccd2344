import { backendRows } from '../listings/helpers.ts';

/** Helpers of the issue 19 tests (in-app pages and single pages). */

/** The HTML without React's text separators, so `共<!-- -->208<!-- -->套` reads `共208套`. */
export const text = (html: string) => html.replaceAll('<!-- -->', '');

/** The page's robots meta, or null. */
export const robots = (html: string) => /<meta name="robots" content="([^"]*)"/.exec(html)?.[1] ?? null;

/** The site header and footer of the default layout (src/ui/Header.tsx, Footer.tsx). */
export const hasSiteHeader = (html: string) => /<header class="hd[ "]/.test(html);
export const hasSiteFooter = (html: string) => /<footer class="ft[ "]/.test(html);

/** One value of the test database. */
export function one<T>(backend: { dataDir: string }, sql: string, ...args: unknown[]): T {
  const row = backendRows(backend, sql, ...args)[0];
  if (!row) throw new Error(`no row: ${sql}`);
  return Object.values(row)[0] as T;
}
