import type { RankEntry } from '../contracts/page-data/ranking.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { MetaContext } from '../pipeline/types.ts';

/** JSON-LD shared by the rankings, topics and discovery heads (issue 15 part C). */

export const origin = (ctx: MetaContext): string => cityOrigin(ctx.site, ctx.city);

/** The trail from the city's home page to this page. */
export function breadcrumbs(ctx: MetaContext, items: ReadonlyArray<{ name: string; path: string }>) {
  const o = origin(ctx);
  const all = [{ name: `${ctx.city.name}${ctx.site.brand}`, path: '/' }, ...items];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: o + it.path })),
  };
}

/** An ItemList of links, in the page's order. */
export function itemList(ctx: MetaContext, name: string, items: ReadonlyArray<{ name: string; path: string }>) {
  const o = origin(ctx);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, url: o + it.path, name: it.name })),
  };
}

export const entryPath = (e: RankEntry): string => (e.kind === 'xiaoqu' ? `/xiaoqu/${e.stressId}.html` : `/xinfang/${e.houseId}.html`);
export const entryLink = (e: RankEntry) => ({ name: e.name, path: entryPath(e) });

export const grouped = (n: number): string => Math.round(n).toLocaleString('en-US');
export const percent = (n: number): string => `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
