import type { SchoolProfile } from '../contracts/gateway/index.ts';
import type { SchoolDetailData, SchoolListData, SchoolPartData } from '../contracts/page-data/school.ts';
import { SCHOOL_LIST_BASE, SCHOOL_PAGE_SIZE, schoolListHref, schoolPath } from '../lib/school-filters.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta, MetaContext } from '../pipeline/types.ts';

const LD = 'https://schema.org';

function breadcrumbs(ctx: MetaContext, items: Array<{ name: string; path: string }>) {
  const origin = cityOrigin(ctx.site, ctx.city);
  const all = [
    { name: `${ctx.city.name}${ctx.site.brand}`, path: '/' },
    { name: `${ctx.city.name}学校`, path: SCHOOL_LIST_BASE },
    ...items,
  ];
  return {
    '@context': LD,
    '@type': 'BreadcrumbList',
    itemListElement: all.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: origin + it.path })),
  };
}

/** The school as schema.org knows it: a School (an EducationalOrganization) with its address, phone and place. */
function schoolLd(ctx: MetaContext, s: SchoolProfile) {
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    '@context': LD,
    '@type': 'School',
    name: s.name,
    url: origin + schoolPath.detail(s.schoolId),
    ...(s.img ? { image: s.img.startsWith('/') ? origin + s.img : s.img } : {}),
    description: firstParagraph(s.description),
    ...(s.phone ? { telephone: s.phone } : {}),
    ...(s.founded ? { foundingDate: String(s.founded) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: s.address,
      addressLocality: ctx.city.name,
      ...(s.regionName ? { addressRegion: s.regionName } : {}),
      addressCountry: 'CN',
    },
    ...(s.lat != null && s.lng != null ? { geo: { '@type': 'GeoCoordinates', latitude: s.lat, longitude: s.lng } } : {}),
    ...(s.tags.length ? { keywords: s.tags.join(',') } : {}),
  };
}

const firstParagraph = (text: string) => text.split('\n')[0] ?? '';
/** A description cut to search engines' length. */
const clip = (text: string, max = 150) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const kindOf = (s: SchoolProfile) => `${s.regionName ?? ''}${s.nature}${s.level}${s.keySchool ? '（重点学校）' : ''}`;
const rankText = (s: SchoolProfile) => `${s.regionName ?? ''}${s.level}排名第${s.regionRank}`;

// ---------- list ----------

export const schoolListMeta: Meta<SchoolListData> = (ctx, d) => {
  const regions = d.regions;
  const hrefOf = (n: number) => schoolListHref({ ...d.query, page: n > 1 ? n : undefined }, regions);
  const filterText = d.labels.join(' ');
  const brand = ctx.site.brand;
  const names = d.items.slice(0, 3).map((s) => s.name);
  const origin = cityOrigin(ctx.site, ctx.city);
  const district = d.query.regionId ? regions.find((r) => r.regionId === d.query.regionId) : undefined;
  return {
    title: `${d.heading}${filterText ? `_${filterText}` : ''}${d.page > 1 ? `_第${d.page}页` : ''}_学区房_${brand}`,
    description: clip(
      `${brand}${d.heading}${filterText ? `（${filterText}）` : ''}共${d.total}所${names.length ? `，${names.join('、')}等` : ''}。查看学校简介、招生划片范围、对口小区与学区二手房、租房。`,
    ),
    keywords: `${d.heading},${d.heading}排名,学区房,学区划片`,
    canonical: hrefOf(d.page),
    links: [
      ...(d.page > 1 ? [{ rel: 'prev', href: hrefOf(d.page - 1) }] : []),
      ...(d.page < d.totalPages ? [{ rel: 'next', href: hrefOf(d.page + 1) }] : []),
    ],
    jsonLd: [
      breadcrumbs(
        ctx,
        district ? [{ name: `${district.regionName}学校`, path: schoolListHref({ regionId: district.regionId }, regions) }] : [],
      ),
      {
        '@context': LD,
        '@type': 'ItemList',
        name: d.heading,
        numberOfItems: d.items.length,
        itemListElement: d.items.map((s, i) => ({
          '@type': 'ListItem',
          position: (d.page - 1) * SCHOOL_PAGE_SIZE + i + 1,
          url: origin + schoolPath.detail(s.schoolId),
          name: s.name,
        })),
      },
    ],
  };
};

// ---------- detail ----------

export const schoolDetailMeta: Meta<SchoolDetailData> = (ctx, d) => {
  const s = d.school;
  const brand = ctx.site.brand;
  const communities = s.xiaoquList.slice(0, 4).map((x) => x.name);
  return {
    title: `${s.name}_${kindOf(s)}_学区划片_对口小区_${brand}`,
    description: clip(
      `${s.name}是${kindOf(s)}，${rankText(s)}，地址：${s.address}。${communities.length ? `对口小区：${communities.join('、')}等${s.xiaoquList.length}个。` : ''}${d.secHand ? `学区在售二手房${d.secHand.total}套。` : ''}`,
    ),
    keywords: `${s.name},${s.name}学区房,${s.name}划片,${s.regionName ?? ''}${s.level}`,
    canonical: schoolPath.detail(s.schoolId),
    jsonLd: [
      schoolLd(ctx, s),
      breadcrumbs(ctx, [
        { name: `${s.regionName ?? ''}${s.level}`, path: d.districtHref },
        { name: s.name, path: schoolPath.detail(s.schoolId) },
      ]),
    ],
  };
};

// ---------- sub-pages ----------

/** Each sub-page's name, canonical path and description. */
function partHead(d: SchoolPartData): { name: string; path: string; description: string } {
  const s = d.school;
  const id = s.schoolId;
  switch (d.part) {
    case 'header':
      return {
        name: '学校概况',
        path: schoolPath.header(id),
        description: `${s.name}：${kindOf(s)}，${rankText(s)}，地址：${s.address}，电话：${s.phone}。`,
      };
    case 'infor':
      return {
        name: '学校简介与招生划片',
        path: schoolPath.infor(id),
        description: `${firstParagraph(s.description)}招生划片：${d.school.xiaoquList.map((x) => x.name).join('、')}。`,
      };
    case 'periphery':
      return {
        name: '周边配套',
        path: schoolPath.periphery(id),
        description: `${s.name}周边：${d.school.xiaoquList.length}个对口小区，${d.school.louPanList.length}个新楼盘，${d.school.aroundSchool.length}所邻近学校${d.secHandTotal !== null ? `，学区二手房${d.secHandTotal}套` : ''}${d.rentTotal !== null ? `，租房${d.rentTotal}套` : ''}。`,
      };
    case 'top':
      return {
        name: `${s.regionName ?? ''}${s.level}排名`,
        path: schoolPath.top(id),
        description: `${s.regionName ?? ''}${s.level}排名：${d.ranking
          .slice(0, 5)
          .map((r) => `${r.regionRank}.${r.name}`)
          .join('，')}。${s.name}${rankText(s)}。`,
      };
    case 'louPan':
      return {
        name: '周边新楼盘',
        path: schoolPath.louPan(id),
        description: `${s.name}周边新楼盘${d.estates.length}个${d.estates.length ? `：${d.estates.map((e) => e.name).join('、')}` : ''}。查看楼盘均价、户型与开盘信息。`,
      };
    case 'schools':
      return {
        name: '周边学校',
        path: schoolPath.school(id),
        description: `${s.name}周边学校：${d.around
          .slice(0, 5)
          .map((x) => x.name)
          .join('、')}等${d.around.length}所。`,
      };
    case 'listings': {
      const noun = d.kind === 'ershoufang' ? '学区二手房' : '学区租房';
      const path = d.kind === 'ershoufang' ? schoolPath.secHand(id, d.page) : schoolPath.rent(id, d.page);
      return {
        name: noun,
        path,
        description: `${s.name}${noun}：对口${d.communities.map((c) => c.name).join('、')}的${d.kind === 'ershoufang' ? '在售二手房' : '出租房源'}共${d.total}套。`,
      };
    }
  }
}

export const schoolPartMeta: Meta<SchoolPartData> = (ctx, d) => {
  const s = d.school;
  const head = partHead(d);
  const pageNote = d.part === 'listings' && d.page > 1 ? `_第${d.page}页` : '';
  const links =
    d.part === 'listings'
      ? (() => {
          const at = (n: number) => (d.kind === 'ershoufang' ? schoolPath.secHand(s.schoolId, n) : schoolPath.rent(s.schoolId, n));
          return [
            ...(d.page > 1 ? [{ rel: 'prev', href: at(d.page - 1) }] : []),
            ...(d.page < d.totalPages ? [{ rel: 'next', href: at(d.page + 1) }] : []),
          ];
        })()
      : undefined;
  return {
    title: `${s.name}${head.name}${pageNote}_${ctx.site.brand}`,
    description: clip(head.description),
    keywords: `${s.name},${s.name}${head.name},${s.name}学区房`,
    canonical: head.path,
    ...(links ? { links } : {}),
    jsonLd: [
      ...(d.part === 'header' || d.part === 'infor' ? [schoolLd(ctx, s)] : []),
      breadcrumbs(ctx, [
        { name: s.name, path: schoolPath.detail(s.schoolId) },
        { name: head.name, path: head.path },
      ]),
    ],
  };
};
