import type { EntrustOneData, EntrustStartData, EntrustStepData } from '../contracts/page-data/entrust.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

/**
 * Heads of the entrustment pages (issue 17). The start page is public and indexed, with the city in its title and the
 * service described for search engines; every step and every member page is noindex (a half-filled form or a member's
 * entrustment is nobody's search result).
 */
export const entrustStartMeta: Meta<EntrustStartData> = (ctx) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${ctx.city.name}${ctx.page.meta.title}_${ctx.site.brand}`,
    description: `${ctx.city.name}业主一键委托${ctx.site.brand}出售或出租房屋：选择小区、填写房屋信息与期望价格，经纪人受理后上架房源，全程可查进度。`,
    canonical: `${origin}/Index/yijianweituo`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: `${ctx.city.name}一键委托卖房、出租`,
        provider: { '@type': 'RealEstateAgent', name: ctx.site.brand, url: `${origin}/` },
        areaServed: ctx.city.name,
        url: `${origin}/Index/yijianweituo`,
      },
    ],
  };
};

const noindex = 'noindex, nofollow';

/** A step of the flow: its name, the community once chosen. */
export const entrustStepMeta =
  <D extends { draft: { kind: string } } & Partial<Pick<EntrustStepData, 'community'>>>(name: string | ((d: D) => string)): Meta<D> =>
  (ctx, data) => {
    const step = typeof name === 'string' ? name : name(data);
    const kind = data.draft.kind === 'rent' ? '委托出租' : '委托出售';
    const about = data.community ? `_${data.community.name}` : '';
    return { title: `${kind}_${step}${about}_${ctx.site.brand}`, robots: noindex };
  };

/** A member page of the flow with a fixed name. */
export const entrustMeta =
  <D>(name: string): Meta<D> =>
  (ctx) => ({ title: `${name}_${ctx.site.brand}`, robots: noindex });

/** One entrustment: what it is (community, kind) and the page's own name from the registry. */
export const entrustOneMeta: Meta<EntrustOneData> = (ctx, data) => {
  const e = data.entrust;
  return {
    title: `${ctx.page.meta.title}_${e.xiaoquName}${e.kindName}_${ctx.site.brand}`,
    description: `${e.kindName}：${e.xiaoquName}，${e.area}㎡，${e.price}${e.priceUnit}，当前状态${e.status}。`,
    robots: noindex,
  };
};
