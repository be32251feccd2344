import type {
  BrokerDetailData,
  BrokerListData,
  CommitmentData,
  DailiData,
  DianpingData,
  JiamengData,
} from '../contracts/page-data/broker.ts';
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

/** /commitment, /commitment/{id}: the commitment's title and summary; its terms as an FAQ would be overreach. */
export const commitmentMeta: Meta<CommitmentData> = (ctx, d) => {
  const brand = ctx.site.brand;
  const c = d.current;
  if (c) {
    return {
      title: `${c.title}_${c.subtitle}_服务承诺_${brand}`,
      description: `${brand}服务承诺之${c.title}：${c.summary}${c.terms[0] ?? ''}`,
      keywords: `${c.title},${brand}服务承诺,放心交易`,
      canonical: `/commitment/${c.id}`,
    };
  }
  return {
    title: `服务承诺_${d.commitments.map((x) => x.title).join('_')}_${brand}`,
    description: `${brand}${d.commitments.length}项服务承诺：${d.commitments.map((x) => `${x.title}（${x.subtitle}）`).join('、')}。`,
    canonical: '/commitment',
  };
};

/** /dianping/{id}: the agent's reviews, with AggregateRating when there are some. */
export const dianpingMeta: Meta<DianpingData> = (ctx, d) => {
  const brand = ctx.site.brand;
  const a = d.agent;
  if (!a) {
    return {
      title: `经纪人评价_用户真实点评_${brand}`,
      description: `${ctx.city.name}${brand}用户对经纪人的真实评价，共${d.total}条。`,
      canonical: '/dianping/',
    };
  }
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${a.name}的用户评价_${a.storeName ?? ''}经纪人_${brand}`,
    description: `${a.name}（${a.storeName ?? brand}）共${d.total}条用户评价${d.average ? `，综合评分${d.average}分` : ''}。从专业度、服务态度、响应速度为经纪人打分。`,
    canonical: `/dianping/${a.belongerId}`,
    ...(d.total && d.average
      ? {
          jsonLd: [
            {
              '@context': LD,
              '@type': 'RealEstateAgent',
              name: a.name,
              url: origin + brokerPath(a.belongerId),
              aggregateRating: { '@type': 'AggregateRating', ratingValue: d.average, reviewCount: d.total, bestRating: 5, worstRating: 1 },
            },
          ],
        }
      : {}),
  };
};

/** /jiameng/: the franchise page. */
export const jiamengMeta: Meta<JiamengData> = (ctx) => ({
  title: `品牌加盟_${ctx.city.name}房产经纪门店加盟_${ctx.site.brand}`,
  description: `加盟${ctx.site.brand}，共享房源、系统、培训与品牌支持。在线提交加盟申请，招商经理1个工作日内联系您。`,
  canonical: '/jiameng/',
});

/** /daili: the channel-partner page. */
export const dailiMeta: Meta<DailiData> = (ctx, d) => ({
  title: `代理合作_${d.cityName}房产渠道合作伙伴招募_${ctx.site.brand}`,
  description: `${ctx.site.brand}诚邀${d.cityName}房产代理与渠道合作伙伴：共享房源、佣金结算透明、经纪人协同带看。`,
  canonical: '/daili',
});
