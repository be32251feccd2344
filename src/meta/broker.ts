import type { BrokerDetailData, BrokerListData } from '../contracts/page-data/broker.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

const LD = 'https://schema.org';

export const brokerPath = (id: number) => `/broker/${id}`;

/** /broker/{id}: the agent as schema.org's RealEstateAgent (a Person would lack the rating), with their reviews. */
export const brokerDetailMeta: Meta<BrokerDetailData> = (ctx, d) => {
  const a = d.agent;
  const origin = cityOrigin(ctx.site, ctx.city);
  const brand = ctx.site.brand;
  const kinds = d.kinds.map((k) => `${k.label}${k.count}套`).join('、');
  const facts = [a.storeName, a.years ? `从业${a.years}年` : '', a.dealCount ? `成交${a.dealCount}套` : ''].filter(Boolean).join('，');
  const image = a.portrait ? (a.portrait.startsWith('/') ? origin + a.portrait : a.portrait) : undefined;
  return {
    title: `${a.name}_${ctx.city.name}${a.storeName ?? ''}经纪人_${brand}`,
    description: `${ctx.city.name}${brand}经纪人${a.name}${facts ? `：${facts}` : ''}。${kinds ? `在售${kinds}，` : ''}${
      d.reviewTotal ? `${d.reviewTotal}条用户评价，` : ''
    }在线咨询或电话联系。`,
    keywords: `${a.name},${a.storeName ?? ''}经纪人,${ctx.city.name}房产经纪人`,
    canonical: brokerPath(a.belongerId),
    jsonLd: [
      {
        '@context': LD,
        '@type': 'RealEstateAgent',
        name: a.name,
        url: origin + brokerPath(a.belongerId),
        ...(image ? { image } : {}),
        ...(a.storeName ? { parentOrganization: { '@type': 'Organization', name: a.storeName } } : {}),
        address: { '@type': 'PostalAddress', addressLocality: ctx.city.name, addressCountry: 'CN' },
        ...(d.reviewTotal && d.reviewAverage
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: d.reviewAverage,
                reviewCount: d.reviewTotal,
                bestRating: 5,
                worstRating: 1,
              },
              review: d.reviews.slice(0, 5).map((r) => ({
                '@type': 'Review',
                author: { '@type': 'Person', name: r.nickName || '匿名用户' },
                datePublished: r.createdAt.slice(0, 10),
                reviewBody: r.content,
                reviewRating: { '@type': 'Rating', ratingValue: r.score, bestRating: 5, worstRating: 1 },
              })),
            }
          : {}),
      },
    ],
  };
};

/** /broker/: the city's agents, paged. */
export const brokerListMeta: Meta<BrokerListData> = (ctx, d) => {
  const brand = ctx.site.brand;
  const q = (n: number) => {
    const s = new URLSearchParams();
    if (d.storeId) s.set('storeId', String(d.storeId));
    if (d.regionId) s.set('regionId', String(d.regionId));
    if (n > 1) s.set('page', String(n));
    const t = s.toString();
    return t ? `/broker/?${t}` : '/broker/';
  };
  const links = [
    ...(d.page > 1 ? [{ rel: 'prev', href: q(d.page - 1) }] : []),
    ...(d.page < d.totalPages ? [{ rel: 'next', href: q(d.page + 1) }] : []),
  ];
  return {
    title: `${ctx.city.name}房产经纪人${d.page > 1 ? `_第${d.page}页` : ''}_${brand}`,
    description: `${ctx.city.name}${brand}共有${d.total}位房产经纪人，查看经纪人从业年限、成交量与用户评价，在线咨询或电话联系。`,
    canonical: q(d.page),
    links,
  };
};
