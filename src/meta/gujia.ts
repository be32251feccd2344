import type { GjinfoData, GujiaFormData } from '../contracts/page-data/gujia.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, origin } from './ranking-ld.ts';

/** Heads of the free valuation (issue 16 part B): built from the community and the figure, never from a gateway call. */

const FORM = '/fangjia/gujia';
const trail = [{ name: '免费估价', path: FORM }];

export const gujiaFormMeta: Meta<GujiaFormData> = (ctx, d) => {
  const o = origin(ctx);
  const x = d.xiaoqu;
  const webApp = {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: `${ctx.city.name}房屋免费估价`,
    url: `${o}${FORM}`,
    applicationCategory: 'FinanceApplication',
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'CNY' },
  };
  if (!x)
    return {
      title: `${ctx.city.name}房屋估价_免费在线评估房价_${ctx.site.brand}`,
      canonical: FORM,
      jsonLd: [webApp, breadcrumbs(ctx, trail)],
    };
  return {
    title: `${x.name}房屋估价_${x.name}房价多少钱_${ctx.site.brand}`,
    description: `${x.name}（${x.address}）参考均价${x.avgPrice}元/㎡。填写面积、楼层、朝向与装修，免费评估您的房子值多少钱。`,
    canonical: `${FORM}?stressId=${x.stressId}`,
    // A form with a picked community is the same form: only the plain one is indexed.
    robots: 'noindex, follow',
    jsonLd: [webApp, breadcrumbs(ctx, trail)],
  };
};

export const gjinfoMeta: Meta<GjinfoData> = (ctx, d) => {
  const r = d.result;
  // A result is one owner's home: shareable, never indexed.
  if (!r) return { title: `房屋估价_${ctx.site.brand}`, description: d.error ?? '', canonical: FORM, robots: 'noindex, nofollow' };
  const i = r.input;
  return {
    title: `${r.xiaoquName}${i.area}㎡估价${r.totalPrice}万_房屋估价结果_${ctx.site.brand}`,
    description: `${r.xiaoquName}${i.rooms}室${i.area}㎡、${i.floor}/${i.totalFloors}层、${i.orientation}、${i.decoration}，估价约${r.totalPrice}万元（${r.low}-${r.high}万），单价${r.unitPrice}元/㎡。`,
    canonical: FORM,
    robots: 'noindex, nofollow',
    jsonLd: [breadcrumbs(ctx, [...trail, { name: '估价结果', path: '/fangjia/gjinfo' }])],
  };
};

export const gjaboutMeta: Meta<null> = (ctx) => ({
  title: `估价说明_房屋估价方法与参考价值_${ctx.site.brand}`,
  canonical: '/gjabout',
  jsonLd: [breadcrumbs(ctx, [...trail, { name: '估价说明', path: '/gjabout' }])],
});
