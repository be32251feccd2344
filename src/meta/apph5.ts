import type {
  AboutUsData,
  AppHomeData,
  AppZufangData,
  FangyuanheyanData,
  KnockdownData,
  PolteAllInfoData,
  PolteHuxingData,
  ShareData,
  ShareIndexData,
  TestPageData,
} from '../contracts/page-data/apph5.ts';
import { DEAL_KIND_LABELS, knockdownHref } from '../lib/knockdown-tail.ts';
import { SHARE_INDEX_HREF, shareCountUnit, shareHref } from '../lib/share-tail.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';
import { absolute } from './xinfang-common.ts';

/**
 * The heads of the in-app pages and the single pages of issue 19, from their data. In-app pages leave `robots` to
 * their layout (registry `layouts.app.robots`: noindex).
 */

export const appHomeMeta: Meta<AppHomeData> = (ctx, d) => ({
  title: `${ctx.city.name}房产_成交记录_新上房源_${ctx.site.brand}APP`,
  description: `${ctx.city.name}最新成交${d.dealTotal}套，新上二手房${d.newest.length ? `如${d.newest[0].title}` : ''}，租房、新房、查房价一站直达。`,
  canonical: '/appH5',
});

export const knockdownMeta: Meta<KnockdownData> = (ctx, d) => {
  const where = d.xiaoquName ?? d.regionName ?? ctx.city.name;
  const kind = d.kind === 'all' ? '' : DEAL_KIND_LABELS[d.kind];
  const pageNote = d.page > 1 ? `_第${d.page}页` : '';
  const first = d.deals.content[0];
  return {
    title: `${where}${kind}成交记录_${where}最新成交价${pageNote}_${ctx.site.brand}`,
    description: `${where}最近成交${d.deals.totalElements}套${kind}${
      d.avgUnitPrice ? `，成交均价约${d.avgUnitPrice}元/㎡` : ''
    }${first ? `。最新一笔：${first.xiaoquName}${first.rooms}室${first.halls}厅${first.area}㎡，${first.dealDate}成交，${first.priceText}` : ''}。`,
    canonical: knockdownHref(d),
  };
};

export const shareMeta: Meta<ShareData> = (ctx, { thing }) => ({
  title: `${thing.title}_${thing.kindName}_好友分享_${ctx.site.brand}`,
  description: `好友分享给您的${thing.kindName}：${thing.title}${thing.subtitle ? `，${thing.subtitle}` : ''}${
    thing.priceText ? `，${thing.priceText}` : ''
  }。打开${ctx.site.brand}APP查看详情。`,
  canonical: shareHref(thing.kind as Parameters<typeof shareHref>[0], thing.id),
});

export const shareIndexMeta: Meta<ShareIndexData> = (ctx, d) => {
  const names = d.kinds.map((k) => k.kindName);
  const counts = d.kinds.map((k) => `${k.kindName}${k.total}${shareCountUnit(k.kind)}`);
  return {
    title: `分享房源给好友_${names.slice(0, 4).join('_')}_${ctx.site.brand}APP`,
    description: `在${ctx.site.brand}APP里可以把${names.join('、')}分享给好友，好友打开链接即可查看详情。${ctx.city.name}现有${counts.join('、')}。`,
    canonical: SHARE_INDEX_HREF,
  };
};

export const appZufangMeta: Meta<AppZufangData> = (ctx, d) => {
  const what = d.rentType ?? '';
  const q = new URLSearchParams();
  if (d.rentType) q.set('rentType', d.rentType);
  if (d.list.number > 1) q.set('page', String(d.list.number));
  const search = q.toString();
  return {
    title: `${ctx.city.name}${what}租房_个人房源出租${d.list.number > 1 ? `_第${d.list.number}页` : ''}_${ctx.site.brand}`,
    description: `${ctx.city.name}在租${what}房源${d.list.totalElements}套，整租合租、押一付三，真实房源实地核验。`,
    canonical: `/appH5/zufang${search ? `?${search}` : ''}`,
  };
};

export const polteAllInfoMeta: Meta<PolteAllInfoData> = (ctx, { estate: e }) => ({
  title: `${e.name}楼盘详细信息_${e.name}开发商_物业_容积率_${ctx.site.brand}`,
  description: `${e.name}位于${e.regionName ?? ctx.city.name}${e.address}，开发商${e.developer}，物业公司${e.propertyCompany}，容积率${e.plotRatio}，绿化率${e.greenRate}%，产权${e.termYears}年。`,
  canonical: `/appH5/polte/allInfo/${e.houseId}.html`,
});

export const polteHuxingMeta: Meta<PolteHuxingData> = (ctx, { estate: e, plans }) => ({
  title: `${e.name}户型图_${e.name}全部户型_${ctx.site.brand}`,
  description: `${e.name}共${plans.length}个户型：${plans
    .slice(0, 4)
    .map((p) => `${p.name}${p.huxing}建面约${p.area}㎡`)
    .join('，')}。`,
  canonical: `/appH5/polte/huxing/${e.houseId}.html`,
});

/** /aboutUs: the company as an Organization, its stores of the city as its departments (schema.org). */
export const aboutUsMeta: Meta<AboutUsData> = (ctx, d) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${ctx.city.name}关于我们_${ctx.site.brand}公司简介_门店地址与联系方式`,
    description: `${ctx.site.brand}公司简介：在${ctx.city.name}有${d.storeTotal}家门店，服务热线${d.servicePhone}。真实房源、透明收费、资金安全${
      d.commitments.length
        ? `，${d.commitments
            .slice(0, 3)
            .map((c) => c.title)
            .join('、')}`
        : ''
    }。`,
    canonical: '/aboutUs',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: ctx.site.brand,
        url: `${origin}/`,
        logo: `${origin}/favicon.svg`,
        telephone: d.servicePhone,
        contactPoint: [
          { '@type': 'ContactPoint', telephone: d.servicePhone, contactType: 'customer service', areaServed: ctx.city.name },
          { '@type': 'ContactPoint', telephone: d.supervisionPhone, contactType: 'customer support', name: '监督电话' },
        ],
        department: d.stores.map((s) => ({
          '@type': 'RealEstateAgent',
          name: `${ctx.site.brand}${s.name}`,
          telephone: s.phone,
          address: { '@type': 'PostalAddress', streetAddress: s.address, addressLocality: ctx.city.name, addressCountry: 'CN' },
          url: absolute(ctx, `/mendian/${s.storeId}.html`),
        })),
      },
    ],
  };
};

export const fangyuanheyanMeta: Meta<FangyuanheyanData> = (ctx, d) => {
  const v = d.verification;
  if (v && !d.asked) {
    return {
      title: `房源核验码${v.code}_${v.title}_房源核验_${ctx.site.brand}`,
      description: `${v.title}（房源编号${v.houseNumber}）由${v.authority}核验，核验码${v.code}，${v.status}，核验日期${v.issuedAt}。`,
      canonical: `/fangyuanheyan/${v.houseId}`,
    };
  }
  return {
    title: `房源核验查询_房源核验码查询_${ctx.city.name}_${ctx.site.brand}`,
    description: `输入房源核验码或房源编号，查询${ctx.city.name}房源的核验状态：核验机关、核验日期与有效期，确认房源真实有效。`,
    canonical: '/fangyuanheyan',
    // A lookup's answer is a view of the form, not a page for search engines.
    robots: d.asked ? 'noindex, follow' : undefined,
  };
};

export const testPageMeta: Meta<TestPageData> = (ctx) => ({ title: `测试页_${ctx.site.brand}`, robots: 'noindex, nofollow' });
