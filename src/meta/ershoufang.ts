import type { DaikanData, DongtaiData, ListingDetailData, ReferrerData, ZhouData } from '../contracts/page-data/ershoufang.ts';
import { detailPathOf, residentialDetailPath } from '../lib/listing-kinds.ts';
import type { Meta } from '../pipeline/types.ts';
import { listingJsonLd, wan } from './listing.ts';

/** The heads of the second-hand and rental pages (issue 12 point 2), built from what their loads returned. */

/** Second-hand and rental details (and their .html, ?id=, ad, 抖音 and brand-apartment twins). */
export const listingDetailMeta: Meta<ListingDetailData> = (ctx, data) => {
  const { house, kind, ad } = data;
  const canonical = residentialDetailPath(kind, house.houseId, data.zuyj);
  const city = ctx.city.name;
  const where = [house.regionName, house.shopMapName].filter(Boolean).join('');
  const brand = ctx.site.brand;
  const rent = kind === 'zufang';
  const priceText = rent ? `${house.price}元/月` : `${wan(house.price)}万`;
  const title = rent
    ? `${house.title}_${house.xiaoquName ?? where}${house.rentType ?? ''}${house.huxing}租金${priceText}_${city}${house.regionName ?? ''}租房_${brand}`
    : `${house.title}_${house.xiaoquName ?? where}${house.huxing}${wan(house.area)}㎡二手房${priceText}_${city}${house.regionName ?? ''}二手房_${brand}`;
  const description = rent
    ? `${city}${where}${house.xiaoquName ?? ''}${house.rentType ?? ''}出租：${house.huxing}，${house.area}㎡，${house.floorLevel}/${house.totalFloors}层，${house.orientation}，${house.decoration}，租金${priceText}${house.payType ? `（${house.payType}）` : ''}。房源编号${house.houseNumber}，${brand}真实房源，在线预约看房。`
    : `${city}${where}${house.xiaoquName ?? ''}二手房出售：${house.huxing}，建筑面积${house.area}㎡，总价${priceText}，单价${house.unitPrice}元/㎡，${house.orientation}，${house.decoration}，${house.buildYear}年建成。房源编号${house.houseNumber}，${brand}真实房源，专业经纪人带看。`;
  return {
    title,
    description,
    keywords: `${house.xiaoquName ?? ''}${rent ? '租房' : '二手房'},${city}${house.regionName ?? ''}${rent ? '租房' : '二手房'},${house.huxing}`,
    canonical,
    jsonLd: listingJsonLd(ctx, house, kind, canonical),
    ...(ad ? { robots: 'noindex' } : {}),
  };
};

export const ershoufangDaikanMeta: Meta<DaikanData> = (ctx, { house, records }) => ({
  title: `${house.title}带看记录_${ctx.city.name}二手房_${ctx.site.brand}`,
  description: `${house.xiaoquName ?? ''}${house.huxing}二手房近30天带看${records.length}次，查看经纪人带看反馈。`,
  canonical: `/ershoufang/daikan?id=${house.houseId}`,
});

export const ershoufangDongtaiMeta: Meta<DongtaiData> = (ctx, data) => {
  const { house } = data;
  if (house) {
    return {
      title: `${house.title}房源动态_调价记录_${ctx.site.brand}`,
      description: `${house.xiaoquName ?? ''}${house.huxing}二手房共调价${data.changeTimes}次，现价${house.priceText}，查看上架、调价动态。`,
      canonical: `/ershoufang/dongtai?id=${house.houseId}`,
    };
  }
  return {
    title: `${ctx.city.name}二手房动态_最新上架与降价房源_${ctx.site.brand}`,
    description: `${ctx.city.name}二手房最新动态：新上房源${data.newestTotal ?? data.newest.length}套，调价房源${data.priceCutTotal ?? data.priceCut.length}套，每日更新。`,
  };
};

/** A shared listing: its canonical is the listing's own detail; the share page itself is not indexed. */
export const referrerMeta: Meta<ReferrerData> = (ctx, { house, kind, agent }) => ({
  title: `${agent ? `${agent.name}为您推荐` : '经纪人推荐'}：${house.title}_${ctx.site.brand}`,
  description: `${agent?.name ?? '经纪人'}推荐${house.xiaoquName ?? ''}${house.huxing}${house.area}㎡，${house.priceText}，在线咨询了解更多。`,
  canonical: detailPathOf(kind, house.houseId),
  robots: 'noindex',
});

export const ershoufangZhouMeta: Meta<ZhouData> = (ctx, { house, schools }) => ({
  title: `${house.xiaoquName ?? house.title}周边配套_交通学校商圈_${ctx.site.brand}`,
  description: `${house.regionName ?? ''}${house.shopMapName ?? ''}${house.xiaoquName ?? ''}周边：${house.stationName ? `近地铁${house.stationName}站，` : ''}${schools.length ? `学校${schools.map((s) => s.name).join('、')}，` : ''}查看周边小区与在售房源。`,
  canonical: `/ershoufang/zhou?id=${house.houseId}`,
});
