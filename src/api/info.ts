import type { Got } from 'got';
import { asPage, getList, getObj, getPage, post, seg } from './call.ts';
import { type CallContext, callGateway } from './http.ts';
import { checks } from './records.ts';
import type {
  BaikeDetail,
  BaikeItem,
  BaikeStageCount,
  GlossaryTerm,
  InfoComment,
  InfoDoc,
  InfoDocDetail,
  InfoFang,
  Overseas,
  OverseasDetail,
  OverseasHuxing,
  Page,
  WendaDetail,
  WendaItem,
  WendaLike,
  XhAccount,
} from './types.ts';

export interface InfoDocFilter {
  cityId?: number;
  typeId?: number;
  /** Alias of typeId. */
  type?: number;
  /** Any of these types (a section of several). */
  typeIds?: number[];
  accountId?: number;
  houseId?: number;
  keyword?: string;
  sort?: 'newest' | 'hot';
  page?: number;
  size?: number;
}

/** SPEC 7.10: articles, comments, likes, collects, follows (and the house service's article calls); plus baike, wenda and overseas lists. */
export function createInfoApi(gateway: Got, houseClient: Got, houseUrl: string) {
  const house = async <T>(call: CallContext, path: string, opts: { method?: 'GET' | 'POST'; json?: unknown } = {}) =>
    (await callGateway<T>(houseClient, call, path, { ...opts, url: `${houseUrl}/${path}` })).obj ?? null;
  return {
    docList: (call: CallContext, filter: InfoDocFilter) =>
      getPage<Page<InfoDoc>>(gateway, call, 'api/info/getInfoDocList', post(filter), 20, checks.infoDoc),
    types: (call: CallContext, ids: number[] | 'all') =>
      getList<{ id: number; name: string }>(gateway, call, `api/info/getInfoTypeListByArr/${ids === 'all' ? 'all' : ids.join(',')}`),
    hotComments: (call: CallContext, infoDocId: number, limit: number) =>
      getList<InfoComment>(gateway, call, `api/info/getHotInfoCommentList/${seg(infoDocId)}/${seg(limit)}`),
    insertComment: (
      call: CallContext,
      body: { infoDocId: number; userId: string; nickName?: string; headUrl?: string; content: string; parentId?: number },
    ) => getObj<InfoComment>(gateway, call, 'api/info/insertInfoComment', post(body)),
    deleteComment: (call: CallContext, id: number, userId?: string) =>
      getObj<boolean>(gateway, call, `api/info/deleteInfoComment/${seg(id)}`, { searchParams: { userId } }),
    /** Comments of an article, paged (POST api/info/insertlist). */
    comments: async (call: CallContext, body: { infoDocId: number; sort?: 'new' | 'hot'; page?: number; size?: number }) =>
      asPage(call, await getObj<Page<InfoComment>>(gateway, call, 'api/info/insertlist', post(body)), 20),
    /** House service: info/InfoFangList (articles about an estate). */
    infoFangList: async (call: CallContext, body: { cityId: number; houseId?: number; limit?: number }) =>
      (await house<InfoDoc[]>(call, 'info/InfoFangList', { method: 'POST', json: body })) ?? [],
    /** House service: info/InfoFangList with the article: the estates its body mentions, as cards. */
    articleListings: async (call: CallContext, infoDocId: number, cityId?: number) =>
      (await house<InfoFang[]>(call, 'info/InfoFangList', { method: 'POST', json: { infoDocId, cityId } })) ?? [],
    likeDoc: (call: CallContext, infoDocId: number, userId: string, num: 1 | 0 | -1) =>
      getObj<{ fabulousNum: number; isFabulous: boolean }>(
        gateway,
        call,
        `api/info/updateDocFabulousNum/${seg(infoDocId)}/${seg(userId)}/${seg(num)}`,
      ),
    docDetails: (call: CallContext, infoDocId: number | string, userId: string | number = 0) =>
      getObj<InfoDocDetail>(gateway, call, `api/info/getInfoDocDetails/${seg(infoDocId)}/${seg(userId)}`, {}, checks.infoDocDetail),
    /** House service: info/article/getInfoDetail/{id}. */
    articleDetail: (call: CallContext, id: number | string) => house<InfoDocDetail>(call, `info/article/getInfoDetail/${seg(id)}`),
    commentLikes: (call: CallContext, infoDocId: number, userId?: string) =>
      getList<{ infoCommentId: number; fabulousNum: number; isFabulous: boolean }>(
        gateway,
        call,
        `api/info/getInfoCommentFabulousList/${seg(infoDocId)}`,
        {
          searchParams: { userId },
        },
      ),
    likeComment: (call: CallContext, infoCommentId: number, userId: string, num: 1 | 0 | -1) =>
      getObj<{ fabulousNum: number; isFabulous: boolean }>(
        gateway,
        call,
        `api/info/updateFabulousNum/${seg(infoCommentId)}/${seg(userId)}/${seg(num)}`,
      ),
    uncollectDoc: (call: CallContext, infoDocId: number, userId: string) =>
      getObj<boolean>(gateway, call, `api/info/removeInfoDocCollect/${seg(infoDocId)}/${seg(userId)}`),
    collectDoc: (call: CallContext, infoDocId: number, userId: string) =>
      getObj<boolean>(gateway, call, 'api/info/insertInfoDocCollect', post({ infoDocId, userId })),
    follow: (call: CallContext, accountId: number, userId: string) =>
      getObj<boolean>(gateway, call, 'api/xhaccount/follow', { searchParams: { accountId, userId } }),
    unfollow: (call: CallContext, accountId: number, userId: string) =>
      getObj<boolean>(gateway, call, 'api/xhaccount/follow/cancel', { searchParams: { accountId, userId } }),
    isFollow: async (call: CallContext, accountId: number, userId: string) =>
      (await getObj<boolean>(gateway, call, 'api/xhaccount/follow/yesno', { searchParams: { accountId, userId } })) === true,
    async accountContent(call: CallContext, body: { accountId?: number; userName?: string; page?: number; size?: number }) {
      const res = await callGateway<Page<InfoDoc>>(gateway, call, 'api/xhaccount/contentByPage', post(body));
      return {
        page: asPage(call, res.obj ?? null, 10),
        account: ((res as unknown as { account?: XhAccount }).account ?? null) as XhAccount | null,
      };
    },
    accountByUserName: (call: CallContext, userName: string) =>
      getObj<XhAccount>(gateway, call, 'api/xhaccount/findByUserName', { searchParams: { userName } }),

    // Knowledge base, Q&A, overseas (our paths; SPEC 7 shows none)
    baikeCategories: (call: CallContext, cityId?: number) =>
      getList<BaikeStageCount>(gateway, call, '/api/baike/categories', { searchParams: { cityId } }),
    glossary: (call: CallContext, cityId: number) =>
      getList<GlossaryTerm>(gateway, call, '/api/baike/glossary', { searchParams: { cityId } }),
    baikeList: async (call: CallContext, body: { cityId: number; category?: string; keyword?: string; page?: number; size?: number }) =>
      asPage(call, await getObj<Page<BaikeItem>>(gateway, call, '/api/baike/list', post(body)), 20),
    baike: (call: CallContext, id: number | string) => getObj<BaikeDetail>(gateway, call, `/api/baike/${seg(id)}`),
    wendaList: async (
      call: CallContext,
      body: {
        cityId: number;
        category?: string;
        houseId?: number;
        stressId?: number;
        keyword?: string;
        unanswered?: boolean;
        sort?: 'newest' | 'hot' | 'unanswered';
        page?: number;
        size?: number;
      },
    ) => getPage<Page<WendaItem>>(gateway, call, '/api/wenda/list', post(body), 20, checks.wendaItem),
    wenda: (call: CallContext, id: number | string) => getObj<WendaDetail>(gateway, call, `/api/wenda/${seg(id)}`),
    /** The answers of question `id` that the member liked. */
    wendaLiked: (call: CallContext, id: number, userId: string) =>
      getList<number>(gateway, call, `/api/wenda/${seg(id)}/liked`, { searchParams: { userId } }),
    likeAnswer: (call: CallContext, answerId: number, userId: string) =>
      getObj<WendaLike>(gateway, call, '/api/wenda/answer/like', post({ answerId, userId })),
    ask: (
      call: CallContext,
      body: {
        cityId: number;
        userId: string;
        nickName?: string;
        title: string;
        content?: string;
        category?: string;
        houseId?: number;
        stressId?: number;
      },
    ) => getObj<{ id: number }>(gateway, call, '/api/wenda/ask', post(body)),
    answer: (call: CallContext, body: { wendaId: number; userId?: string; belongerId?: number; nickName?: string; content: string }) =>
      getObj<{ id: number }>(gateway, call, '/api/wenda/answer', post(body)),
    overseasCountries: (call: CallContext) => getList<{ country: string; count: number }>(gateway, call, '/api/overseas/countries'),
    overseasList: async (
      call: CallContext,
      body: {
        country?: string;
        cityName?: string;
        priceMin?: number;
        priceMax?: number;
        rooms?: number;
        sort?: 'default' | 'priceAsc' | 'priceDesc';
        page?: number;
        size?: number;
      },
    ) => getPage<Page<Overseas>>(gateway, call, '/api/overseas/list', post(body), 20, checks.overseasItem),
    /** One overseas listing; its consultant is one of `cityId`'s agents. */
    overseas: (call: CallContext, id: number | string, cityId?: number) =>
      getObj<OverseasDetail>(gateway, call, `/api/overseas/${seg(id)}`, { searchParams: { cityId } }, checks.overseasDetail),
    /** The floor plans of an overseas listing's project. */
    overseasHuxing: (call: CallContext, id: number | string) => getObj<OverseasHuxing>(gateway, call, `/api/overseas/huxing/${seg(id)}`),
  };
}
