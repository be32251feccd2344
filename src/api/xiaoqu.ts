import type { Got } from 'got';
import type { ValuationInput } from '../lib/valuation.ts';
import { asPage, getList, getObj, getPage, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { type AnswerMemo, createAnswerMemo } from './memo.ts';
import { checks } from './records.ts';
import type {
  ListingItem,
  MonthPrice,
  Page,
  Region,
  ShopMap,
  ValuationRecordDetail,
  ValuationResult,
  XiaoquDetail,
  XiaoquFilter,
  XiaoquItem,
  XiaoquPlan,
  XiaoquRatio,
} from './types.ts';

/**
 * SPEC 7.1: a community's short name `sname` is copied into `name`. The name the gateway sent is kept as `fullName`
 * (issue 34): a community card shows 美的置业国际郡, not just 国际郡.
 */
export function withShortName<T extends { name?: string; sname?: string; fullName?: string } | null>(x: T): T {
  if (x && typeof x === 'object' && x.sname) {
    x.fullName ??= x.name;
    x.name = x.sname;
  }
  return x;
}

function pageWithShortNames<P extends Page<XiaoquItem>>(call: CallContext, p: P | null, size = 20): P {
  const page = asPage(call, p, size);
  page.content.forEach(withShortName);
  return page;
}

/** SPEC 7.5: communities and prices. */
export function createXiaoquApi(gateway: Got, answers: AnswerMemo = createAnswerMemo()) {
  const brief = answers.of('communityBrief', async (id: string, call: CallContext) =>
    withShortName(await getObj<XiaoquItem>(gateway, call, `api/xiaoqu/findBriefById/${seg(id)}`, {}, checks.xiaoquItem)),
  );
  return {
    findById: async (call: CallContext, id: number | string) =>
      withShortName(await getObj<XiaoquDetail>(gateway, call, `api/xiaoqu/findById/${seg(id)}`, {}, checks.xiaoquDetail)),
    /** A community's card, kept as `communityBrief` (src/api/memo.ts): every listing of the community shows it. */
    findBriefById: (call: CallContext, id: number | string) => brief.get(String(id), call),
    get: async (call: CallContext, id: number | string) =>
      withShortName(await getObj<XiaoquDetail>(gateway, call, `api/xiaoqu/${seg(id)}`)),
    list: async (call: CallContext, filter: XiaoquFilter) => {
      const page = await getPage<Page<XiaoquItem>>(gateway, call, 'api/xiaoqu', post(filter), filter.size ?? 20, checks.xiaoquItem);
      page.content.forEach(withShortName);
      return page;
    },
    webList: async (call: CallContext, filter: XiaoquFilter) =>
      pageWithShortNames(call, await getObj<Page<XiaoquItem>>(gateway, call, 'web/xiaoqu', post(filter))),
    postById: async (call: CallContext, id: number) =>
      withShortName(await getObj<XiaoquDetail>(gateway, call, `api/xiaoqu/${seg(id)}`, post({}))),
    webPostById: async (call: CallContext, id: number) =>
      withShortName(await getObj<XiaoquDetail>(gateway, call, `/web/xiaoqu/${seg(id)}`, post({}))),
    xiaoqudata: async (call: CallContext, stressId: number) =>
      withShortName(
        await getObj<{ stressId: number; name: string; sname: string; avgPrice: number; ratio: number; prices: MonthPrice[] }>(
          gateway,
          call,
          'api/xiaoqudata',
          post({ stressId }),
        ),
      ),
    findByName: async (call: CallContext, body: { name: string; cityId: number; limit?: number }) =>
      (await getList<XiaoquItem>(gateway, call, '/api/findXiaoquByName', post(body))).map(withShortName),
    stressRank: async (call: CallContext, filter: XiaoquFilter) =>
      pageWithShortNames(call, await getObj<Page<XiaoquItem & { rank: number }>>(gateway, call, '/api/stressRank/queryPage', post(filter))),
    hotStress: async (call: CallContext, body: { cityId: number; regionId?: number; limit?: number }) =>
      (await getList<XiaoquItem>(gateway, call, 'api/hotStress', post(body))).map(withShortName),
    /** A community's floor plans from its listings (our path). */
    huxing: (call: CallContext, id: number | string) =>
      getList<XiaoquPlan>(gateway, call, `/api/xiaoqu/huxing/${seg(id)}`, {}, checks.xiaoquPlan),
    /** Valuation of a home (/fangjia/gujia; our path). With memberId it is kept in the member's records (/gujiajilu). */
    estimate: (call: CallContext, body: ValuationInput & { memberId?: string; stressId: number }) =>
      getObj<ValuationResult>(gateway, call, '/api/gujia/estimate', post(body)),
    /** One of the member's kept valuations (re-opened from /gujiajilu); another member's is a 404. */
    valuationRecord: (call: CallContext, memberId: string, id: number) =>
      getObj<ValuationRecordDetail>(gateway, call, `/api/gujia/records/${seg(memberId)}/${seg(id)}`),
    valuationRecords: (call: CallContext, memberId: string) =>
      getList<{
        id: number;
        stressId: number;
        xiaoquName: string;
        area: number;
        input: Record<string, unknown>;
        unitPrice: number;
        totalPrice: number;
        createdAt: string;
      }>(gateway, call, `/api/gujia/records/${seg(memberId)}`),
    /** Prices along the metro lines (/fangjia/ditiefangjia; our path). */
    metroPrices: (call: CallContext, cityId: number) =>
      getList<{
        metroId: number;
        name: string;
        color: string;
        stations: Array<{ stationId: number; name: string; ershoucount: number; avgPrice: number | null }>;
      }>(gateway, call, `/api/housePrice/metro/${seg(cityId)}`),
    cityPrices: (call: CallContext, cityId: number) => getList<MonthPrice>(gateway, call, `api/avgprice/findlist/${seg(cityId)}`),
    xiaoquPrices: (call: CallContext, id: number) => getList<MonthPrice>(gateway, call, `api/avgprice_s/findlist/${seg(id)}`),
    xiaoquRatio: (call: CallContext, id: number) => getObj<XiaoquRatio>(gateway, call, `/api/avgprice_s/findRatio/${seg(id)}`),
    areaPrices: (call: CallContext, cityId: number) =>
      getList<Region & { avgPrice: number; deals: number; ratio: number }>(gateway, call, `api/housePrice/area/city/${seg(cityId)}`),
    buglist: (call: CallContext, stressId: number, type: 11 | 12, useAgeType: string) =>
      getList<ListingItem>(gateway, call, `/api/housePrice/buglist/${seg(stressId)}/${seg(type)}/${seg(useAgeType)}`),
    maxMinPrice: (call: CallContext, stressId: number, cityId: number) =>
      getObj<{ maxPrice: number | null; minPrice: number | null; count: number }>(
        gateway,
        call,
        `/api/douYinMiniProgram/getStressMaxOrMinPriceByStressId/${seg(stressId)}/${seg(cityId)}`,
      ),
    shopMapsByRegion: (call: CallContext, regionId: number) =>
      getList<ShopMap>(gateway, call, `api/shopMap/findByRegionId/${seg(regionId)}`),
    limitShopMaps: (call: CallContext, regionId: number, limit: number) =>
      getList<ShopMap>(gateway, call, `api/shopMap/findLimitShopMap/${seg(regionId)}/${seg(limit)}`),
    findShopMaps: (call: CallContext, body: { cityId?: number; regionId?: number; limit?: number }) =>
      getList<ShopMap>(gateway, call, 'api/shopMap/find', post(body)),
    cityLog: (call: CallContext, body: { cityId: number; regionId?: number; months?: number }) =>
      getList<MonthPrice>(gateway, call, 'api/citylog/findByCondition', post(body)),
  };
}
