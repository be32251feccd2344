import type { DuibiData } from '../contracts/page-data/duibi.ts';
import { COMPARE_NOUNS, compareHref } from '../lib/compare.ts';
import type { Meta } from '../pipeline/types.ts';

/**
 * The comparison's head (issue 37 part 4): never indexed (any set of ids is a page of its own, and the homes each have
 * their detail), but its links followed; the canonical is the comparison's own address.
 */
export const duibiMeta: Meta<DuibiData> = (_ctx, data) => {
  const noun = data.kind ? COMPARE_NOUNS[data.kind] : '房源';
  return {
    title: data.homes.length ? `${noun}对比：${data.homes.map((h) => h.title).join(' vs ')}` : '房源对比',
    description: data.homes.length
      ? `${data.homes.length}套${noun}并排对比：价格、面积、户型、楼层、朝向、年代、装修、学校、地铁与月供。`
      : '把想买的房子加入对比，价格、面积、户型、学校、地铁与月供一目了然。',
    canonical: data.kind ? compareHref({ kind: data.kind, ids: data.homes.map((h) => h.houseId) }) : '/duibi',
    robots: 'noindex, follow',
  };
};
