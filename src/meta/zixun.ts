import type { ZixunAccountData, ZixunCommentsData, ZixunDetailData, ZixunListData } from '../contracts/page-data/zixun.ts';
import { accountHref, commentsHref, SECTION_LABELS } from '../lib/article-sections.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta, MetaContext } from '../pipeline/types.ts';
import { breadcrumbLd, pageLinks, pageNote } from './xinfang-common.ts';

/** The heads of the article pages (issue 15), from the data their loaders found (src/loaders/zixun.ts). */

const sectionCrumb = (ctx: MetaContext, section: ZixunListData['section']): [string, string] => [
  `${ctx.city.name}${SECTION_LABELS[section]}`,
  `/${section}/`,
];
const isoTime = (t: string) => `${t.replace(' ', 'T')}+08:00`;

/** /zixun/{ids?}, /daogou/{ids?}: the section, or one of its types, paged by `?page=`. */
export const zixunListMeta: Meta<ZixunListData> = (ctx, d) => {
  const city = ctx.city.name;
  const label = SECTION_LABELS[d.section];
  const what = d.typeName ?? (d.section === 'daogou' ? '购房导购' : '房产资讯');
  const crumbs: Array<[string, string]> = [[`${city}房产`, '/'], sectionCrumb(ctx, d.section)];
  if (d.typeName) crumbs.push([d.typeName, d.base]);
  return {
    title: `${city}${what}${d.section === 'daogou' ? '_楼盘测评_买房攻略' : '_楼市新闻_政策解读'}${pageNote(d.page)}_${ctx.site.brand}`,
    description: `${city}${what}：共${d.total}篇${label}${d.list[0] ? `，最新：${d.list[0].title}` : ''}。`,
    canonical: d.page > 1 ? `${d.base}?page=${d.page}` : d.base,
    links: pageLinks(d.base, d.page, d.totalPages),
    jsonLd: [breadcrumbLd(ctx, crumbs)],
  };
};

/** An article: its opening text as the description, a NewsArticle and the breadcrumb for search engines. */
export const zixunDetailMeta: Meta<ZixunDetailData> = (ctx, d) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  const crumbs: Array<[string, string]> = [[`${ctx.city.name}房产`, '/'], sectionCrumb(ctx, d.section)];
  if (d.doc.typeName) crumbs.push([d.doc.typeName, `/${d.section}/${d.doc.typeId}`]);
  crumbs.push([d.doc.title, d.href]);
  const images = [d.doc.cover, ...d.blocks.flatMap((b) => (b.type === 'image' ? [b.src] : []))].map((src) => `${origin}${src}`);
  return {
    title: `${d.doc.title}_${ctx.city.name}${SECTION_LABELS[d.section]}_${ctx.site.brand}`,
    description: d.doc.description,
    keywords: d.doc.tags.join(','),
    canonical: d.href,
    jsonLd: [
      breadcrumbLd(ctx, crumbs),
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: d.doc.title,
        description: d.doc.description,
        image: images,
        datePublished: isoTime(d.doc.createdAt),
        author: { '@type': 'Organization', name: d.account.name, url: `${origin}${accountHref(d.account.userName)}` },
        publisher: { '@type': 'Organization', name: ctx.site.brand },
        mainEntityOfPage: `${origin}${d.href}`,
        articleSection: d.doc.typeName ?? SECTION_LABELS[d.section],
        interactionStatistic: [
          { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: d.doc.fabulousNum },
          { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: d.doc.commentNum },
        ],
      },
    ],
  };
};

/** /zixunpinglun/{id}: the comments of an article (the newest order is canonical). */
export const zixunCommentsMeta: Meta<ZixunCommentsData> = (ctx, d) => {
  const base = commentsHref(d.doc.infoDocId);
  return {
    title: `${d.doc.title}的评论${pageNote(d.page)}_${ctx.site.brand}`,
    description: `「${d.doc.title}」共${d.total}条评论${d.comments[0] ? `：${d.comments[0].content.slice(0, 60)}` : '，快来发表您的看法。'}`,
    canonical: d.page > 1 ? `${base}?page=${d.page}` : base,
    links: pageLinks(base, d.page, d.totalPages),
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${ctx.city.name}房产`, '/'],
        [d.doc.title, d.doc.href],
        ['评论', base],
      ]),
    ],
  };
};

/** /zixun/account/{userName}: the account's page. */
export const zixunAccountMeta: Meta<ZixunAccountData> = (ctx, d) => {
  const base = accountHref(d.account.userName);
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    title: `${d.account.name}的文章${pageNote(d.page)}_${ctx.site.brand}`,
    description: `${d.account.name}：${d.account.intro} 共${d.total}篇文章，${d.account.fans}人关注。`,
    canonical: d.page > 1 ? `${base}?page=${d.page}` : base,
    links: pageLinks(base, d.page, d.totalPages),
    jsonLd: [
      breadcrumbLd(ctx, [
        [`${ctx.city.name}房产`, '/'],
        [`${ctx.city.name}资讯`, '/zixun/'],
        [d.account.name, base],
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        mainEntity: { '@type': 'Organization', name: d.account.name, description: d.account.intro, url: `${origin}${base}` },
      },
    ],
  };
};
