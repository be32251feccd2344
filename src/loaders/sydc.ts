import type { SydcData } from '../contracts/page-data/shangpu.ts';
import { COMMERCIAL_KINDS, detailPathOf, HOUSE_TYPES, KIND_NOUNS } from '../lib/listing-kinds.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Loader } from '../pipeline/types.ts';
import { breadcrumbs } from './listing-common.ts';
import { optional } from './optional.ts';

/** Recommended listings per kind on the landing. */
const PICKS = 3;

/**
 * /sydc, 商业地产: an entry to each of the four commercial lists with its count, and the most viewed listings of
 * each. One search per kind gives both (its total and its first page sorted by views); a kind whose search fails
 * shows no count and no picks, the page still renders.
 */
export const sydcLoader: Loader<SydcData> = async (ctx) => {
  const { cityId } = ctx.city;
  const kinds = await Promise.all(
    COMMERCIAL_KINDS.map(async (kind) => {
      const page = await optional(
        ctx,
        `findByCondition ${kind}`,
        ctx.api.house.findByCondition(ctx.call, { cityId, houseType: HOUSE_TYPES[kind], sort: 'hot', size: PICKS }),
        null,
      );
      return { kind, noun: KIND_NOUNS[kind], total: page?.totalElements ?? 0, items: page?.content ?? [] };
    }),
  );
  const total = kinds.reduce((n, k) => n + k.total, 0);
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  const origin = cityOrigin(ctx.site, ctx.city);
  const picks = kinds.flatMap((k) => k.items.map((l) => ({ kind: k.kind, l })));
  return {
    data: { kinds, total },
    head: {
      title: `${city}商业地产_商铺出售出租_写字楼出售出租_${brand}`,
      description: `${brand}${city}商业地产频道：在售在租商业房源${total}套，其中${kinds.map((k) => `${k.noun}${k.total}套`).join('、')}。临街旺铺、甲级写字楼，真实房源，专业经纪人带看。`,
      keywords: `${city}商业地产,${city}商铺出售,${city}商铺出租,${city}写字楼出售,${city}写字楼出租`,
      canonical: '/sydc',
      jsonLd: [
        breadcrumbs(ctx, [{ name: `${city}商业地产`, path: '/sydc' }]),
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: `${city}商业地产推荐房源`,
          numberOfItems: picks.length,
          itemListElement: picks.map(({ kind, l }, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: origin + detailPathOf(kind, l.houseId),
            name: l.title,
          })),
        },
      ],
    },
  };
};
