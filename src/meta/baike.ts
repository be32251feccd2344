import type { BaikeDetailData, BaikeListData, ZidianData } from '../contracts/page-data/baike.ts';
import { baikeHref, baikeListHref } from '../lib/baike.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, pageLinks } from './listing.ts';

/** The heads of the knowledge base and the glossary, from the data their loaders found (src/loaders/baike.ts). */

const pageNote = (page: number) => (page > 1 ? `_第${page}页` : '');

export const baikeListMeta: Meta<BaikeListData> = (ctx, d) => {
  const city = ctx.city.name;
  const what = d.stage ? `${d.stage}知识` : '房产百科';
  const canonical = baikeListHref(d.stage ?? undefined, d.page);
  const origin = cityOrigin(ctx.site, ctx.city);
  const crumbs = [{ name: `${city}房产百科`, path: '/baike/' }];
  if (d.stage) crumbs.push({ name: `${d.stage}知识`, path: baikeListHref(d.stage) });
  return {
    title: `${city}${what}_${d.stage ? `${d.stage}流程与注意事项` : '买房卖房知识大全'}${pageNote(d.page)}_${ctx.site.brand}`,
    description: `${city}${what}共${d.total}篇：${d.list
      .slice(0, 3)
      .map((e) => e.title)
      .join('、')}等，买房、贷款、交易、税费、装修一站读懂。`,
    canonical,
    links: pageLinks(d.page, d.totalPages, (n) => baikeListHref(d.stage ?? undefined, n)),
    jsonLd: [
      breadcrumbs(ctx, crumbs),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: d.list.map((e, i) => ({ '@type': 'ListItem', position: i + 1, name: e.title, url: origin + baikeHref(e.id) })),
      },
    ],
  };
};

export const baikeDetailMeta: Meta<BaikeDetailData> = (ctx, { entry }) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  const path = baikeHref(entry.id);
  const body = entry.blocks
    .filter((b) => b.type === 'p')
    .map((b) => b.text)
    .join('');
  return {
    title: `${entry.title}_${entry.category}知识_${ctx.city.name}房产百科_${ctx.site.brand}`,
    description: body.slice(0, 110),
    keywords: `${entry.title},${entry.category},房产百科`,
    canonical: path,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${ctx.city.name}房产百科`, path: '/baike/' },
        { name: `${entry.category}知识`, path: baikeListHref(entry.category) },
        { name: entry.title, path },
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: entry.title,
        articleSection: entry.category,
        description: entry.summary,
        datePublished: `${entry.createdAt.replace(' ', 'T')}+08:00`,
        mainEntityOfPage: origin + path,
        author: { '@type': 'Organization', name: ctx.site.brand },
        publisher: { '@type': 'Organization', name: ctx.site.brand },
        wordCount: [...body].length,
      },
    ],
  };
};

export const zidianMeta: Meta<ZidianData> = (ctx, d) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  const terms = d.groups.flatMap((g) => g.terms);
  return {
    title: `房产词典_${terms
      .slice(0, 4)
      .map((t) => t.term)
      .join('、')}等房产名词解释_${ctx.site.brand}`,
    description: `房产词典收录${d.total}个常用房产术语：${terms
      .slice(0, 8)
      .map((t) => t.term)
      .join('、')}等，每个词都有简明解释和详细百科。`,
    canonical: '/zidian',
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${ctx.city.name}房产百科`, path: '/baike/' },
        { name: '房产词典', path: '/zidian' },
      ]),
      {
        '@context': 'https://schema.org',
        '@type': 'DefinedTermSet',
        name: '房产词典',
        url: `${origin}/zidian`,
        hasDefinedTerm: terms.map((t) => ({
          '@type': 'DefinedTerm',
          name: t.term,
          description: t.definition,
          ...(t.baikeId ? { url: origin + baikeHref(t.baikeId) } : {}),
        })),
      },
    ],
  };
};
