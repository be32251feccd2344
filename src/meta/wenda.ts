import type { WendaDetailData, WendaHuidaData, WendaListPageData, WendaTiwenData } from '../contracts/page-data/wenda.ts';
import { WENDA_SORTS, wendaHref, wendaListHref } from '../lib/wenda.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, pageLinks } from './listing.ts';

/** The heads of the Q&A pages, from the data their loaders found (src/loaders/wenda.ts). */

const isoTime = (t: string) => `${t.replace(' ', 'T')}+08:00`;

export const wendaListMeta: Meta<WendaListPageData> = (ctx, d) => {
  const city = ctx.city.name;
  const filter = { category: d.category ?? undefined, sort: d.sort, page: d.page };
  const sortLabel = d.sort === 'newest' ? '' : (WENDA_SORTS.find((s) => s.sort === d.sort)?.label ?? '');
  const what = `${d.category ?? '房产'}${sortLabel}问答`;
  const origin = cityOrigin(ctx.site, ctx.city);
  const crumbs = [{ name: `${city}房产问答`, path: '/wenda/' }];
  if (d.category) crumbs.push({ name: `${d.category}问答`, path: wendaListHref({ category: d.category, sort: 'newest', page: 1 }) });
  return {
    title: `${city}${what}_买房卖房问题解答${d.page > 1 ? `_第${d.page}页` : ''}_${ctx.site.brand}`,
    description: `${city}${what}共${d.total}个问题：${d.list
      .slice(0, 3)
      .map((q) => q.title)
      .join(' ')}，专业经纪人与网友为您解答。`,
    canonical: wendaListHref(filter),
    links: pageLinks(d.page, d.totalPages, (n) => wendaListHref({ ...filter, page: n })),
    jsonLd: [
      breadcrumbs(ctx, crumbs),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: d.list.map((q, i) => ({ '@type': 'ListItem', position: i + 1, name: q.title, url: origin + wendaHref(q.id) })),
      },
    ],
  };
};

export const wendaDetailMeta: Meta<WendaDetailData> = (ctx, { question: q }) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  const path = wendaHref(q.id);
  const best = q.answers[0];
  const answerLd = (a: (typeof q.answers)[number]) => ({
    '@type': 'Answer',
    text: a.content,
    upvoteCount: a.likes,
    dateCreated: isoTime(a.createdAt),
    url: `${origin}${path}#a${a.id}`,
    author: { '@type': 'Person', name: a.belongerName ?? a.nickName },
  });
  return {
    title: `${q.title}_${ctx.city.name}${q.category}问答_${ctx.site.brand}`,
    description: best ? `${q.title} 最佳回答：${best.content}`.slice(0, 120) : `${q.title} 还没有回答，快来帮TA解答吧。`,
    canonical: path,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${ctx.city.name}房产问答`, path: '/wenda/' },
        { name: `${q.category}问答`, path: wendaListHref({ category: q.category, sort: 'newest', page: 1 }) },
        { name: q.title, path },
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'QAPage',
        mainEntity: {
          '@type': 'Question',
          name: q.title,
          text: q.content,
          answerCount: q.answers.length,
          dateCreated: isoTime(q.createdAt),
          author: { '@type': 'Person', name: q.nickName },
          ...(best ? { suggestedAnswer: q.answers.map(answerLd) } : {}),
        },
      },
    ],
  };
};

export const wendaHuidaMeta: Meta<WendaHuidaData> = (ctx, { question: q }) => ({
  title: `回答：${q.title}_${ctx.site.brand}`,
  description: `回答网友的问题“${q.title}”，分享您的经验与见解。`,
  canonical: `/wenda/huida/${q.id}.html`,
  robots: 'noindex,follow',
});

export const wendaTiwenMeta: Meta<WendaTiwenData> = (ctx) => ({
  title: `我要提问_${ctx.city.name}房产问答_${ctx.site.brand}`,
  canonical: '/wenda/tiwen',
  robots: 'noindex,follow',
});
