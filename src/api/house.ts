import type { Got } from 'got';
import { asPage, getList, getObj, getPage, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { type AnswerMemo, createAnswerMemo } from './memo.ts';
import { checks } from './records.ts';
import type {
  Belonger,
  CollectKind,
  Dongtai,
  Huxing,
  ListingDetail,
  ListingFilter,
  ListingItem,
  LoupanDetail,
  LoupanFilter,
  LoupanItem,
  Page,
  SchoolItem,
  TypePrice,
  XiaoquItem,
} from './types.ts';

/** SPEC 7.3 (new homes) and 7.4 (second-hand, rental and commercial listings). Paths exactly as SPEC 7 writes them. */
export function createHouseApi(gateway: Got, answers: AnswerMemo = createAnswerMemo()) {
  const problemAsk = answers.of(
    'problemAsk',
    (_key: string, { call, body }: { call: CallContext; body: { cityId: number; houseType?: number } }) =>
      getList<{ id: number; question: string }>(gateway, call, '/api/problemAsk/getProblemAskList', post(body)),
  );
  const similar = answers.of('similarListings', (_key: string, { call, filter }: { call: CallContext; filter: ListingFilter }) =>
    getPage<Page<ListingItem>>(gateway, call, 'api/house/search/findByCondition', post(filter), 20, checks.listingItem),
  );
  const similarEstates = answers.of('similarListings', (_key: string, { call, filter }: { call: CallContext; filter: LoupanFilter }) =>
    getPage<Page<LoupanItem>>(gateway, call, '/api/house/findListByWap', post(filter), 20, checks.loupanItem),
  );
  return {
    // 7.3 New homes
    async findListByWap(call: CallContext, filter: LoupanFilter): Promise<Page<LoupanItem>> {
      return getPage<Page<LoupanItem>>(gateway, call, '/api/house/findListByWap', post(filter), 20, checks.loupanItem);
    },
    /** findListByWap for what every estate of a district shows (其他楼盘), kept as `similarListings` (src/api/memo.ts). */
    similarEstates(call: CallContext, filter: LoupanFilter): Promise<Page<LoupanItem>> {
      return similarEstates.get(`estates|${JSON.stringify(filter)}`, { call, filter });
    },
    async findByWeb(call: CallContext, filter: LoupanFilter): Promise<Page<LoupanItem>> {
      return getPage<Page<LoupanItem>>(gateway, call, '/web/house/findByWeb', post(filter), 20, checks.loupanItem);
    },
    findById: (call: CallContext, id: number | string) =>
      getObj<LoupanDetail>(gateway, call, `api/house/findById/${seg(id)}`, {}, checks.loupanDetail),
    findByIdForM: (call: CallContext, id: number | string) =>
      getObj<LoupanDetail>(gateway, call, `api/house/findByIdForM/${seg(id)}`, {}, checks.loupanDetail),
    hsmid: (call: CallContext, id: number | string) =>
      getObj<{ houseId: number; hsmid: string; name: string }>(gateway, call, `api/house/hsmid/${seg(id)}`),
    findWapHotLoupan: (call: CallContext, q: { cityId: number; limit?: number; orderBy?: string }) =>
      getList<LoupanItem>(gateway, call, 'api/house/findWapHotLoupan', { searchParams: q }, checks.loupanItem),
    findHotLoupan: (call: CallContext, q: { cityId: number; limit?: number }) =>
      getList<LoupanItem>(gateway, call, 'api/house/findHotLoupan', { searchParams: q }, checks.loupanItem),
    findNewest: (call: CallContext, cityId: number, limit: number) =>
      getList<LoupanItem>(gateway, call, `api/house/findNewest/${seg(cityId)}/${seg(limit)}`, {}, checks.loupanItem),
    getHousebyLocation: (call: CallContext, x: string | number, q: { cityId?: number; limit?: number } = {}) =>
      getList<LoupanItem & { distance?: number }>(
        gateway,
        call,
        `/api/house/getHousebyLocation/${seg(x)}`,
        { searchParams: q },
        checks.loupanItem,
      ),
    getCityAvgPriceByCityId: (call: CallContext, cityId: number) =>
      getObj<{ cityId: number; avgPrice: number; ershouAvgPrice: number; ratio: number }>(
        gateway,
        call,
        `/api/house/getCityAvgPriceByCityId/${seg(cityId)}`,
      ),
    louPanWylbPrice: (call: CallContext, houseId: number, type: number | 'all') =>
      getObj<TypePrice | TypePrice[]>(gateway, call, `/api/house/louPanWylbPrice/${seg(houseId)}/${seg(type)}`),
    louPanWylbPriceAll: (call: CallContext, id: number) => getList<TypePrice>(gateway, call, `/api/house/louPanWylbPrice/${seg(id)}/all`),
    wylbPrice: (call: CallContext, id: number) => getList<TypePrice>(gateway, call, `api/house/wylbPrice/${seg(id)}`),
    findwylb: (call: CallContext, id: number) => getList<TypePrice>(gateway, call, `/api/house/findwylb/${seg(id)}`),
    getLouPanByRecommend: (call: CallContext, cityId: number, limit: number) =>
      getList<LoupanItem>(gateway, call, `api/house/getLouPanByRecommend/${seg(cityId)}/${seg(limit)}`, {}, checks.loupanItem),
    popupBelonger: (call: CallContext, id: number) =>
      getObj<Belonger>(gateway, call, `/api/house/popupBelonger/${seg(id)}`, {}, checks.belonger),
    findContractList: (call: CallContext, houseId: number) =>
      getList<{ month: string; units: number; area: number; avgPrice: number }>(gateway, call, '/api/house/findContractList', {
        searchParams: { houseId },
      }),
    findContractRank: (call: CallContext, cityId: number, limit: number) =>
      getList<{ id: number; name: string; img: string; price: number; regionId: number; regionName: string; units: number }>(
        gateway,
        call,
        `/api/house/findContractRank/${seg(cityId)}/${seg(limit)}`,
      ),
    getStatisticsByLpId: (call: CallContext, id: number) =>
      getList<{ rooms: number; count: number; minArea: number; maxArea: number; name: string }>(
        gateway,
        call,
        `api/houseinfo/getStatisticsByLpId/${seg(id)}`,
      ),
    getListByLpId: (call: CallContext, body: { lpId: number; rooms?: number }) =>
      getList<Huxing>(gateway, call, 'api/houseinfo/getListByLpId', post(body)),
    allCharacter: (call: CallContext, cityId: number) =>
      getList<{ id: number; name: string; count: number }>(gateway, call, `/api/juhe/allCharacter/${seg(cityId)}`),
    juheDetail: (call: CallContext, id: number, q: { cityId: number; page?: number; size?: number }) =>
      getObj<Page<LoupanItem> & { id: number; name: string }>(gateway, call, `/api/juhe/detail/${seg(id)}`, { searchParams: q }),
    async findDT(call: CallContext, id: number, paging: { page?: number; size?: number } = {}): Promise<Page<Dongtai>> {
      return getPage<Page<Dongtai>>(gateway, call, `/api/dongtai/findDT/${seg(id)}`, post(paging), 10, checks.dongtai);
    },
    xiangqingContent: (call: CallContext, houseId: number, DTid: number) =>
      getObj<Dongtai & { houseId: number; louPanName: string }>(
        gateway,
        call,
        `/api/dongtai/xiangqingContent/${seg(houseId)}/${seg(DTid)}`,
        {},
        checks.dongtai,
      ),
    xiangqingContentByOld: (call: CallContext, houseId: number, DTid: number) =>
      getObj<Dongtai & { houseId: number; louPanName: string }>(
        gateway,
        call,
        `/api/dongtai/xiangqingContentByOld/${seg(houseId)}/${seg(DTid)}`,
        {},
        checks.dongtai,
      ),
    async salesRankPubPage(call: CallContext, q: { cityId: number; memberId?: string; page?: number; size?: number }) {
      return getPage<Page<LoupanItem & { rank: number; favorite: boolean }>>(
        gateway,
        call,
        '/api/newHouseSalesRank/pubPage',
        { searchParams: q },
        10,
        checks.rankedLoupan,
      );
    },
    salesRankFavorite: (call: CallContext, q: { favorite: boolean; memberId: string; newHouseId: number }) =>
      getObj<{ newHouseId: number; favorite: boolean }>(gateway, call, '/api/newHouseSalesRank/favorite', { searchParams: q }),
    salesRankDetail: (call: CallContext, q: { cityId: number; newHouseId: number }) =>
      getObj<LoupanItem & { rank: number; contracts: unknown[] }>(gateway, call, '/api/newHouseSalesRank/detail', { searchParams: q }),
    async starBelongerPubPage(call: CallContext, q: { cityId: number; page?: number; size?: number }) {
      return getPage<Page<Belonger>>(gateway, call, '/api/newHouseStarBelonger/pubPage', { searchParams: q }, 10, checks.belonger);
    },
    getBelongerLouPanListNew: (call: CallContext, houseId: number) =>
      getList<Belonger>(gateway, call, '/api/belongerLouPanBind/getBelongerLouPanListNew', post({ houseId }), checks.belonger),
    getSchoolByHouseId: (call: CallContext, id: number) =>
      getList<SchoolItem>(gateway, call, `/api/school/getSchoolByHouseId/${seg(id)}`, {}, checks.schoolItem),
    privateContract: (call: CallContext, id: string) =>
      getObj<{ id: string; title: string; content: string }>(gateway, call, `/api/privateContract/findByIdOld/${seg(id)}`),

    // 7.4 Second-hand, rental and commercial
    async findByCondition(call: CallContext, filter: ListingFilter): Promise<Page<ListingItem>> {
      return getPage<Page<ListingItem>>(gateway, call, 'api/house/search/findByCondition', post(filter), 20, checks.listingItem);
    },
    /**
     * findByCondition for what every listing of a place shows (similar listings: one community's, shop area's or
     * district's of a kind), kept as `similarListings` (src/api/memo.ts). The page filters its own listing out.
     */
    similarListings(call: CallContext, filter: ListingFilter): Promise<Page<ListingItem>> {
      return similar.get(`listings|${JSON.stringify(filter)}`, { call, filter });
    },
    async findByWapConditionData(call: CallContext, filter: ListingFilter): Promise<Page<ListingItem>> {
      return getPage<Page<ListingItem>>(gateway, call, 'api/house/search/findByWapConditionData', post(filter), 20, checks.listingItem);
    },
    async douyinFindByCondition(call: CallContext, filter: ListingFilter): Promise<Page<ListingItem>> {
      return getPage<Page<ListingItem>>(gateway, call, '/api/house/search/douyin/findByCondition', post(filter), 20, checks.listingItem);
    },
    findHouse: (call: CallContext, q: { houseId: number } | { houseNumber: string }) =>
      getObj<ListingDetail>(gateway, call, 'api/house/search/findHouse', post(q), checks.listingDetail),
    /** Listing detail by id (our GET form of findHouse). */
    listingDetail: (call: CallContext, id: number | string) =>
      getObj<ListingDetail>(gateway, call, `/api/house/search/detail/${seg(id)}`, {}, checks.listingDetail),
    countBusiness: (call: CallContext, cityId: number, text: string) =>
      getObj<Record<'shangpucs' | 'shangpucz' | 'xieziloucs' | 'xieziloucz' | 'total', number>>(
        gateway,
        call,
        `/api/house/search/countBusiness/${seg(cityId)}/${seg(text)}`,
      ),
    getRandomXiaoquByshopMapId: (call: CallContext, shopMapId: number, limit?: number) =>
      getList<XiaoquItem>(gateway, call, 'api/xiaoqu/getRandomXiaoquByshopMapId', { searchParams: { shopMapId, limit } }),
    houserole: (call: CallContext, id: number) => getList<Belonger & { role: string }>(gateway, call, `api/houserole/${seg(id)}`),
    collectHouseTotal: async (call: CallContext, id: number) =>
      (await getObj<number>(gateway, call, `/api/house/collect/houseTotal/${seg(id)}`)) ?? 0,
    praiseCount: async (call: CallContext, id: number) => (await getObj<number>(gateway, call, `web/praise/count/${seg(id)}`)) ?? 0,
    praise: async (call: CallContext, id: number, userId?: string) =>
      (await getObj<number>(gateway, call, `web/praise/${seg(id)}`, { searchParams: { userId } })) ?? 0,
    /** The view-count call by house number (SPEC 7.4 does not show its path). */
    addViewNum: (call: CallContext, houseNumber: string) => getObj<number>(gateway, call, `/api/house/addViewNum/${seg(houseNumber)}`),
    findRecordListByHouseNumber: (call: CallContext, n: string) =>
      getList<{
        id: number;
        customer: string;
        remark: string;
        createdAt: string;
        belongerId: number;
        name: string;
        portrait: string;
        uid: string;
      }>(gateway, call, `/api/daikan/findRecordListByHouseNumber/${seg(n)}`),
    houseOperateLog: (call: CallContext, id: number, kind?: string) =>
      getList<{ id: number; kind: string; oldPrice: number | null; newPrice: number | null; createdAt: string }>(
        gateway,
        call,
        kind ? `/api/houseoperatelog/${seg(id)}/${seg(kind)}` : `/api/houseoperatelog/${seg(id)}`,
      ),
    countChangePriceTimes: async (call: CallContext, id: number) =>
      (await getObj<number>(gateway, call, `/api/countChangePriceTimes/${seg(id)}`)) ?? 0,
    /** A city's common questions per kind (the same on every listing of the kind): kept for a minute (issue 20). */
    getProblemAskList: (call: CallContext, body: { cityId: number; houseType?: number }) =>
      problemAsk.get(`${body.cityId}:${body.houseType ?? ''}`, { call, body }),
    auditFindContent: (call: CallContext, houseNumber: string, belongerId: number) =>
      getList<{ id: number; content: string; createdAt: string; belongerId: number; name: string; portrait: string }>(
        gateway,
        call,
        `/api/audit/findcontend/${seg(houseNumber)}/${seg(belongerId)}`,
      ),
    ownerReadme: (call: CallContext, n: string) =>
      getObj<{ content: string; createdAt: string }>(gateway, call, `/api/ownerReadme/findByHouseNumber/${seg(n)}`),
    /** `kind` (ours, issue 34) names what the id is: a new home, community or overseas id is not a listing's. */
    saveHouseViewHistory: (call: CallContext, houseId: number, memberId: string, source: string, kind?: CollectKind) =>
      getObj<{ id: number }>(gateway, call, `/api/house/saveHouseViewHistory/${seg(houseId)}/${seg(memberId)}/${seg(source)}`, {
        searchParams: { kind },
      }),
    findBusinessFormat: (call: CallContext) =>
      getList<{ name: string; count: number }>(gateway, call, '/api/cmsShopComboUserOrder/findBusinessFormat'),
    async belongerHouseCommentRent(call: CallContext, body: { houseId: number; page?: number; size?: number }) {
      return asPage(
        call,
        await getObj<
          Page<{ id: number; content: string; createdAt: string; belongerId: number; name: string; portrait: string; uid: string }>
        >(gateway, call, '/api/belongerHouseCommentRent/find', post(body)),
        10,
      );
    },
  };
}
