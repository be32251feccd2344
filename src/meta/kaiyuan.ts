import type { CreditsData } from '../contracts/page-data/kaiyuan.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs } from './ranking-ld.ts';

const PATH = '/kaiyuan';

/** /kaiyuan: the head from the page's own list (issue 34). */
export const kaiyuanMeta: Meta<CreditsData> = (ctx, data) => {
  const browser = data.groups.find((g) => g.id === 'browser')?.items.map((i) => i.name.split(/[ （]/)[0]) ?? [];
  return {
    title: `开源许可与数据来源_${ctx.site.brand}`,
    description: `${ctx.site.brand}使用的开源软件（${browser.slice(0, 4).join('、')}等）及其许可，地图区划与页面数据的来源。`,
    canonical: PATH,
    jsonLd: [breadcrumbs(ctx, [{ name: '开源许可与数据来源', path: PATH }])],
  };
};
