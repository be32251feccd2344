import type { CommercialDetailData, SydcData } from '../contracts/page-data/shangpu.ts';
import { detailPathOf, isRentHouseType, KIND_NOUNS, kindOfHouseType } from '../lib/listing-kinds.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';
import { breadcrumbs, listingJsonLd, wan } from './listing.ts';

/** The heads of the commercial pages (shops, offices, 找铺's details, 商业地产), built from their loads' data. */

/** A shop or office detail; 找铺's twin has the same canonical, the kind's own .html. */
export const commercialDetailMeta: Meta<CommercialDetailData> = (ctx, { house, section, ad }) => {
  const kind = kindOfHouseType(house.houseType);
  const canonical = detailPathOf(kind, house.houseId, house.houseType);
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  const where = [house.regionName, house.shopMapName].filter(Boolean).join('');
  const noun = KIND_NOUNS[kind];
  const rent = isRentHouseType(house.houseType);
  const priceText = rent ? `${house.price}元/月` : `${wan(house.price)}万`;
  const unitText = `${house.unitPrice}${rent ? '元/㎡·月' : '元/㎡'}`;
  const format = house.businessFormat ? `，适合${house.businessFormat}` : '';
  return {
    title: `${house.title}_${where}${noun}${rent ? '租金' : '总价'}${priceText}_${city}${house.regionName ?? ''}${noun}_${brand}`,
    description: `${city}${where}${noun}：面积${wan(house.area)}㎡，${rent ? `租金${priceText}（${unitText}）` : `总价${priceText}，单价${unitText}`}，${house.floorLevel}/共${house.totalFloors}层，${house.decoration}${format}。房源编号${house.houseNumber}，${brand}真实房源，专业经纪人带看。`,
    keywords: `${where}${noun},${city}${noun},${city}${house.regionName ?? ''}${noun}${rent ? '租金' : '价格'}`,
    canonical,
    jsonLd: listingJsonLd(ctx, house, section, canonical),
    ...(ad ? { robots: 'noindex' } : {}),
  };
};

/** /sydc, 商业地产: the counts per kind and an ItemList of the picks. */
export const sydcMeta: Meta<SydcData> = (ctx, { kinds, total }) => {
  const city = ctx.city.name;
  const brand = ctx.site.brand;
  const origin = cityOrigin(ctx.site, ctx.city);
  const picks = kinds.flatMap((k) => k.items.map((l) => ({ kind: k.kind, l })));
  return {
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
  };
};
