import type { Meta } from '../pipeline/types.ts';

/**
 * The head of a member page (issue 13): its own name and the brand, never indexed (a member's page is nobody else's
 * search result). Without a name, the registry's title. `detail` adds what the data is about, e.g. the listing a
 * correction is for.
 */
export function personalMeta<D>(name?: string, detail?: (data: D) => string | null): Meta<D> {
  return (ctx, data) => {
    const about = detail?.(data);
    const title = name ?? ctx.page.meta.title;
    return { title: `${title}${about ? `_${about}` : ''}_${ctx.site.brand}`, robots: 'noindex, nofollow' };
  };
}
