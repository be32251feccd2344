import type { LoupanItem } from '../contracts/gateway/index.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { MetaContext } from '../pipeline/types.ts';

/** Head helpers shared by the new-home, floor-plan and estate-news metas (xinfang.ts, huxing.ts, dongtai.ts). */

/** A path of this city's mobile site as an absolute URL (JSON-LD wants absolute URLs). */
export const absolute = (ctx: MetaContext, path: string) => cityOrigin(ctx.site, ctx.city) + path;

/** An estate's price as the descriptions say it. */
export const priceText = (e: Pick<LoupanItem, 'price'>) => (e.price ? `均价${e.price}元/㎡` : '价格待定');

/** schema.org BreadcrumbList of [name, path] pairs. */
export function breadcrumbLd(ctx: MetaContext, items: Array<[string, string]>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: absolute(ctx, path) })),
  };
}

/** rel=prev/next of a list paged by `?page=` (page 1 is the bare path). */
export function pageLinks(base: string, page: number, totalPages: number) {
  const links: Array<{ rel: string; href: string }> = [];
  if (page > 1) links.push({ rel: 'prev', href: page === 2 ? base : `${base}?page=${page - 1}` });
  if (page < totalPages) links.push({ rel: 'next', href: `${base}?page=${page + 1}` });
  return links;
}

/** `_第N页` in a title from page 2 on. */
export const pageNote = (page: number) => (page > 1 ? `_第${page}页` : '');
