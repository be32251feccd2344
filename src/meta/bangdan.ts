import type { BangdanData, IndextypeData, IndextypeIndexData, RankingListData, SqbdData } from '../contracts/page-data/ranking.ts';
import { districtRankingHref, INDEXTYPE_INDEX_HREF, indextypeHref, indextypePageHref, rankingHref } from '../lib/rankings.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, entryLink, grouped, itemList, percent } from './ranking-ld.ts';

/** Heads of the rankings (issue 15 part C): title, description, canonical and JSON-LD from the loaded rankings. */

const BANGDAN = '/bangdan';

export const bangdanMeta: Meta<BangdanData> = (ctx, d) => {
  const city = ctx.city.name;
  const names = d.boards.map((b) => b.name);
  const firsts = d.boards.map((b) => b.entries[0] && `${b.name}第一${b.entries[0].name}`).filter(Boolean);
  return {
    title: `${city}楼盘小区排行榜_${names.join('_')}_${ctx.site.brand}`,
    description: `${city}房产榜单：${names.join('、')}，以及${d.districts.length}个区县的均价与成交排行。${firsts.join('，')}。`,
    keywords: `${city}排行榜,${names.map((n) => city + n).join(',')}`,
    canonical: BANGDAN,
    jsonLd: [
      breadcrumbs(ctx, [{ name: `${city}榜单`, path: BANGDAN }]),
      itemList(
        ctx,
        `${city}房产榜单`,
        d.boards.map((b) => ({ name: b.name, path: rankingHref(b) })),
      ),
      itemList(
        ctx,
        `${city}区县榜单`,
        d.districts.map((x) => ({ name: `${x.regionName}榜单`, path: districtRankingHref(x.regionId) })),
      ),
    ],
  };
};

export const sqbdMeta: Meta<SqbdData> = (ctx, d) => {
  const city = ctx.city.name;
  const { district: x } = d;
  const path = districtRankingHref(x.regionId);
  const hot = d.boards[0]?.entries[0];
  return {
    title: `${city}${x.regionName}榜单_${x.regionName}热门小区_${x.regionName}人气楼盘排行_${ctx.site.brand}`,
    description: `${city}${x.regionName}参考均价${grouped(x.avgPrice)}元/㎡，环比上月${percent(x.ratio)}，本月成交${x.deals}套。${hot ? `${x.regionName}最热门的是${hot.name}，` : ''}查看${x.regionName}热门小区、人气楼盘、房价涨跌排行。`,
    keywords: `${x.regionName}热门小区,${x.regionName}楼盘排行,${x.regionName}房价`,
    canonical: path,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${city}榜单`, path: BANGDAN },
        { name: `${x.regionName}榜单`, path },
      ]),
      ...d.boards.map((b) => itemList(ctx, `${x.regionName}${b.name}`, b.entries.map(entryLink))),
    ],
  };
};

export const rankingListMeta: Meta<RankingListData> = (ctx, d) => {
  const city = ctx.city.name;
  const b = d.board;
  const path = rankingHref(b);
  const top = b.entries
    .slice(0, 3)
    .map((e) => e.name)
    .join('、');
  return {
    title: `${city}${b.name}_${city}${b.name}前${b.entries.length}名_${ctx.site.brand}`,
    description: `${ctx.site.brand}${city}${b.name}，${b.rule}，共${b.entries.length}名${top ? `，前三名：${top}` : ''}。`,
    keywords: `${city}${b.name},${b.name}`,
    canonical: path,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${city}榜单`, path: BANGDAN },
        { name: b.name, path },
      ]),
      itemList(ctx, `${city}${b.name}`, b.entries.map(entryLink)),
    ],
  };
};

export const indextypeMeta: Meta<IndextypeData> = (ctx, d) => {
  const city = ctx.city.name;
  const name = d.type.name;
  const path = indextypePageHref(d.type.code, d.page);
  const pageText = d.page > 1 ? `_第${d.page}页` : '';
  return {
    title: `${city}${name}楼盘${pageText}_${city}新房${name}_${name}楼盘大全_${ctx.site.brand}`,
    description: `${city}${name}类新楼盘共${d.total}个，按关注度排序${d.estates[0] ? `，${d.page > 1 ? '本页' : '最受关注的是'}${d.estates[0].name}` : ''}。查看${name}楼盘均价、销售状态与位置。`,
    keywords: `${city}${name},${city}${name}楼盘,${name}新房`,
    canonical: path,
    links: [
      ...(d.page > 1 ? [{ rel: 'prev', href: indextypePageHref(d.type.code, d.page - 1) }] : []),
      ...(d.page < d.totalPages ? [{ rel: 'next', href: indextypePageHref(d.type.code, d.page + 1) }] : []),
    ],
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${city}新房`, path: '/xinfang/' },
        { name: `${name}楼盘`, path: indextypeHref(d.type.code) },
      ]),
      itemList(ctx, `${city}${name}楼盘`, d.estates.map(entryLink)),
    ],
  };
};

export const indextypeIndexMeta: Meta<IndextypeIndexData> = (ctx, d) => {
  const city = ctx.city.name;
  const names = d.types.map((t) => t.name);
  return {
    title: `${city}新房按类型找_${names.join('_')}楼盘_${ctx.site.brand}`,
    // an estate may carry several types: the counts are per type, never summed
    description: `${city}新楼盘按物业类型查找：${d.types.map((t) => `${t.name}${t.total}个`).join('、')}。`,
    keywords: names.map((n) => `${city}${n}楼盘`).join(','),
    canonical: INDEXTYPE_INDEX_HREF,
    jsonLd: [
      breadcrumbs(ctx, [
        { name: `${city}新房`, path: '/xinfang/' },
        { name: '按类型找房', path: INDEXTYPE_INDEX_HREF },
      ]),
      itemList(
        ctx,
        `${city}新房物业类型`,
        d.types.map((t) => ({ name: `${t.name}楼盘`, path: indextypeHref(t.code) })),
      ),
    ],
  };
};
