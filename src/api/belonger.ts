import type { Got } from 'got';
import { asPage, getList, getObj, getPage, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { checks } from './records.ts';
import type {
  Belonger,
  BelongerCard,
  Commitment,
  Dianping,
  DianpingAspects,
  ListingItem,
  LoupanItem,
  Page,
  Store,
  StoreDetail,
  StoreNews,
  StoreXiaoqu,
} from './types.ts';

export type { Dianping };

/** SPEC 7.7: agents, stores, comments, viewing records, reviews. */
export function createBelongerApi(gateway: Got) {
  return {
    find: (call: CallContext, id: number | string) => getObj<Belonger>(gateway, call, `api/belonger/find/${seg(id)}`, {}, checks.belonger),
    recommend: (call: CallContext, cityId: number) =>
      getList<Belonger>(gateway, call, `/api/belonger/getRecommendBelonger/${seg(cityId)}`, {}, checks.belonger),
    brokerCard: (call: CallContext, id: number | string) =>
      getObj<BelongerCard>(gateway, call, `api/belonger/wapbrokercard/find/${seg(id)}`),
    findByCondition: async (
      call: CallContext,
      body: { cityId: number; storeId?: number; regionId?: number; iskefu?: boolean; keyword?: string; page?: number; size?: number },
    ) => asPage(call, await getObj<Page<Belonger>>(gateway, call, '/api/belonger/findByCondition', post(body)), 20),
    personalized: (call: CallContext, body: { houseId?: number; cityId?: number; limit?: number }) =>
      getList<Belonger>(gateway, call, 'api/belonger/getPersonalized', post(body), checks.belonger),
    recommendList: (call: CallContext, body: { cityId: number; limit?: number }) =>
      getList<Belonger>(gateway, call, 'api/belonger/getRecommendBelongerList', post(body), checks.belonger),
    mainlyPopularizeHouse: (call: CallContext, belongerId: number, type: number) =>
      getList<ListingItem | LoupanItem>(gateway, call, `/api/belonger/getMainlyPopularizeHouse/${seg(belongerId)}/${seg(type)}`, post({})),
    commentsByHouseNumbers: (call: CallContext, houseNumbers: string[]) =>
      getList<{
        id: number;
        houseNumber: string;
        content: string;
        createdAt: string;
        belongerId: number;
        name: string;
        portrait: string;
        uid: string;
      }>(gateway, call, '/api/belongerHouseComment/findHouseNumbers/', post({ houseNumbers })),
    commentsOfBelonger: (call: CallContext, id: number) =>
      getList<{ id: number; houseId: number; houseNumber: string; title: string; content: string; createdAt: string }>(
        gateway,
        call,
        `api/belongerHouseComment/commentBelonger/${seg(id)}`,
      ),
    commentsWithDaikan: (call: CallContext, houseNumber: string) =>
      getObj<{ comments: unknown[]; daikanList: unknown[] }>(
        gateway,
        call,
        '/api/belongerHouseComment/findWithDaikan',
        post({ houseNumber }),
      ),
    daikanOfBelonger: async (call: CallContext, id: number, q: { page?: number; size?: number } = {}) =>
      asPage(
        call,
        await getObj<
          Page<{ id: number; houseNumber: string; houseId: number; title: string; customer: string; remark: string; createdAt: string }>
        >(gateway, call, `api/daikan/findlistbybelongerId/${seg(id)}`, { searchParams: q }),
        20,
      ),
    storesByStressId: (call: CallContext, id: number) =>
      getList<Store>(gateway, call, `/api/department/findDepartmentByStressId/${seg(id)}`),
    storePage: async (
      call: CallContext,
      body: {
        cityId: number;
        regionId?: number;
        shopMapId?: number;
        keyword?: string;
        page?: number;
        size?: number;
        sort?: 'id' | 'listings';
        lat?: number;
        lng?: number;
      },
    ) => getPage<Page<Store>>(gateway, call, '/api/department/pageForWeb', post(body), body.size ?? 20, checks.store),
    /** A store's listings on sale, paged (issue 17 part B; our path). */
    storeHouses: (call: CallContext, id: number, q: { page?: number; size?: number; houseType?: number } = {}) =>
      getPage<Page<ListingItem>>(gateway, call, `/api/department/house/${seg(id)}`, { searchParams: q }, q.size ?? 20, checks.listingItem),
    /** The communities a store serves, paged (our path). */
    storeXiaoqu: (call: CallContext, id: number, q: { page?: number; size?: number } = {}) =>
      getPage<Page<StoreXiaoqu>>(gateway, call, `/api/department/xiaoqu/${seg(id)}`, { searchParams: q }, q.size ?? 20, checks.storeXiaoqu),
    /** A store's news and deals, newest first (our path). */
    storeNews: (call: CallContext, id: number, q: { page?: number; size?: number } = {}) =>
      getPage<Page<StoreNews>>(gateway, call, `/api/department/news/${seg(id)}`, { searchParams: q }, q.size ?? 20, checks.storeNews),
    /** Store detail (our path; SPEC 7.7 shows none). */
    store: (call: CallContext, id: number | string) =>
      getObj<StoreDetail>(gateway, call, `/api/department/findById/${seg(id)}`, {}, checks.store),
    /** SPEC 3 phone numbers: webCall. */
    zhcall: (call: CallContext, belongerId: number, type: number) =>
      getObj<{ webCall: string; phone: string; extNum: string; belongerId: number }>(
        gateway,
        call,
        `api/zhcall/${seg(belongerId)}/${seg(type)}`,
      ),
    dianpingList: async (
      call: CallContext,
      body: { houseId?: number; belongerId?: number; cityId?: number; page?: number; size?: number },
    ) => asPage(call, await getObj<Page<Dianping>>(gateway, call, 'api/yhdianping/wap/list', post(body)), 10),
    addDianping: (
      call: CallContext,
      body: {
        houseId?: number;
        belongerId?: number;
        cityId?: number;
        memberId: string;
        nickName?: string;
        headUrl?: string;
        score: number;
        content: string;
        images?: string[];
        aspects?: DianpingAspects;
      },
    ) => getObj<{ id: number }>(gateway, call, 'api/yhdianping/adddianping', post(body)),
    /** The average score of the reviews a dianpingList filter selects (the embedded gateway's `average`). */
    dianpingAverage: async (call: CallContext, body: { houseId?: number; belongerId?: number }) => {
      const res = await getObj<Page<Dianping> & { average?: number | null }>(
        gateway,
        call,
        'api/yhdianping/wap/list',
        post({ ...body, size: 1 }),
      );
      return { average: res?.average ?? null, total: res?.totalElements ?? 0 };
    },
    /** The company's service commitments (our path). */
    commitments: (call: CallContext) => getList<Commitment>(gateway, call, '/api/commitment/list', {}, checks.commitment),
    commitment: (call: CallContext, id: number) =>
      getObj<Commitment>(gateway, call, `/api/commitment/find/${seg(id)}`, {}, checks.commitment),
    wechatComment: (call: CallContext, body: { memberId?: string; content: string; target?: string }) =>
      getObj<{ id: number }>(gateway, call, '/api/CmsWechatComment/save', post(body)),
  };
}
