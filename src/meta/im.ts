import type { Meta } from '../pipeline/types.ts';

/**
 * The head of a chat screen (issue 18): its name, the agent when there is one, and the brand; never indexed (a
 * member's conversations are nobody else's search result).
 */
export function imMeta<D>(name: string): Meta<D> {
  return (ctx, data) => {
    const agent = (data as { agent?: { name?: unknown } } | null)?.agent?.name;
    const about = typeof agent === 'string' && agent ? `_${agent}` : '';
    return { title: `${name}${about}_${ctx.site.brand}`, robots: 'noindex, nofollow' };
  };
}
