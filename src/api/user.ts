import type { Got } from 'got';
import type {
  CorrectionRecord,
  Coupon,
  CouponBatch,
  CustomerDemand,
  FeedbackRecord,
  JubaoRecord,
  KanfangRecord,
  MemberSummary,
  SmsSubscription,
} from '../contracts/gateway/personal.ts';
import { getList, getObj, post, seg } from './call.ts';
import { type CallContext, callGateway, GatewayError } from './http.ts';
import { checks } from './records.ts';
import type {
  CollectEntry,
  CollectKind,
  Entrust,
  EntrustDetail,
  EntrustState,
  MemberInfo,
  MemberSession,
  ViewHistoryEntry,
} from './types.ts';

export type { CollectEntry, CollectKind };

/** SPEC 7.8: user actions (favourites, viewings, reports, uploads, demands, coupons, subscriptions, franchise, tracking) and accounts. */
export function createUserApi(gateway: Got, consoleClient: Got, wwwClient: Got, wwwUrl: string) {
  const collectUrl = (kind: CollectKind, houseId: number, memberId: string): string => {
    switch (kind) {
      case 'rent':
        return `api/house/collect/add/rent/${seg(houseId)}/${seg(memberId)}`;
      case 'newhouse':
        return `api/house/collect/addNewHouse/${seg(houseId)}/${seg(memberId)}`;
      case 'xiaoqu':
        return `api/house/collect/addXiaoQu/${seg(houseId)}/${seg(memberId)}`;
      case 'overseas':
        return `api/house/collect/addOverseas/${seg(houseId)}/${seg(memberId)}`;
      default:
        return `api/house/collect/add/${seg(houseId)}/${seg(memberId)}`;
    }
  };
  return {
    // Favourites
    collect: (call: CallContext, kind: CollectKind, houseId: number, memberId: string) =>
      getObj<{ houseId: number; kind: CollectKind; collected: boolean }>(gateway, call, collectUrl(kind, houseId, memberId)),
    isCollect: async (call: CallContext, houseId: number, memberId: string, kind?: CollectKind) =>
      (await getObj<boolean>(gateway, call, `api/house/collect/isCollect/${seg(houseId)}/${seg(memberId)}`, { searchParams: { kind } })) ===
      true,
    removeCollect: (call: CallContext, houseId: number, memberId: string, kind?: CollectKind) =>
      getObj<{ houseId: number; removed: number }>(gateway, call, `api/house/collect/remove/${seg(houseId)}/${seg(memberId)}`, {
        searchParams: { kind },
      }),
    /** Several favourites at once, each with its kind (our path: 我的收藏's edit mode, issue 34). */
    removeCollects: (call: CallContext, memberId: string, items: Array<{ houseId: number; kind: CollectKind }>) =>
      getObj<{ removed: number }>(gateway, call, '/api/house/collect/removeBatch', post({ memberId, items })),
    /** The member's favourites with their items (our path, for /myshoucang). */
    collectList: (call: CallContext, memberId: string, kind?: CollectKind) =>
      getList<CollectEntry>(gateway, call, `/api/house/collect/list/${seg(memberId)}`, { searchParams: { kind } }),

    // 浏览记录 (our paths beside SPEC 7.4's saveHouseViewHistory, issue 34)
    viewHistory: (call: CallContext, memberId: string) =>
      getList<ViewHistoryEntry>(gateway, call, `/api/house/viewHistory/list/${seg(memberId)}`),
    removeViewHistory: (call: CallContext, memberId: string, houseId: number, kind: CollectKind) =>
      getObj<{ removed: number }>(gateway, call, '/api/house/viewHistory/remove', post({ memberId, houseId, kind })),
    clearViewHistory: (call: CallContext, memberId: string) =>
      getObj<{ removed: number }>(gateway, call, '/api/house/viewHistory/clear', post({ memberId })),

    // Viewings, reports, corrections, uploads, feedback
    kanfang: (
      call: CallContext,
      body: {
        cityId?: number;
        houseId?: number;
        houseType?: number;
        memberId?: string;
        name: string;
        phone: string;
        visitDate?: string;
        remark?: string;
        belongerId?: number;
        source?: string;
      },
    ) => getObj<{ id: number; status: string }>(gateway, call, 'api/kanfang/add', post(body)),
    addDaiKan: (
      call: CallContext,
      body: {
        houseId?: number;
        houseNumber?: string;
        loupanId?: number;
        belongerId: number;
        memberId?: string;
        customer: string;
        phone?: string;
        remark?: string;
      },
    ) => getObj<{ id: number }>(gateway, call, '/api/daikan/addDaiKan', post(body)),
    jubao: (
      call: CallContext,
      body: { houseId: number; houseType?: number; memberId?: string; phone?: string; reason: string; content?: string; images?: string[] },
    ) => getObj<{ id: number; status: string }>(gateway, call, 'api/jubao/save', post(body)),
    /** A member's reports (our path, for /jubaoRecord). */
    jubaoRecords: (call: CallContext, memberId: string) =>
      getList<{
        id: number;
        houseId: number;
        houseType: number | null;
        reason: string;
        content: string | null;
        status: string;
        createdAt: string;
        title: string | null;
      }>(gateway, call, `/api/jubao/findByMember/${seg(memberId)}`),
    correction: (
      call: CallContext,
      body: { houseId?: number; houseType?: number; memberId?: string; phone?: string; field?: string; content: string },
    ) => getObj<{ id: number }>(gateway, call, '/api/correction/insert', post(body)),
    /** POST /api/file/uploadImg as multipart; jpg, png, gif or webp, at most 5 MB. */
    async uploadImg(
      call: CallContext,
      file: { data: Buffer | Uint8Array; filename: string; mime: string },
      /** avatar: re-encoded to a 256×256 square; screenshot: re-encoded whole (issue 13). */
      purpose?: 'avatar' | 'screenshot' | 'chat',
    ) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.data)], { type: file.mime }), file.filename);
      // width and height: re-encoded uploads (a purpose) only.
      const body = await callGateway<{
        id: number;
        url: string;
        name: string;
        size: number;
        mime: string;
        width?: number;
        height?: number;
      }>(gateway, call, '/api/file/uploadImg', {
        method: 'POST',
        body: form,
        ...(purpose ? { searchParams: { purpose } } : {}),
      });
      return body.obj ?? null;
    },
    /** A chat voice clip (issue 18): POST /api/file/uploadVoice as multipart; webm, ogg, m4a or mp3, at most 2 MB. */
    async uploadVoice(call: CallContext, file: { data: Buffer | Uint8Array; filename: string }) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file.data)], { type: 'application/octet-stream' }), file.filename);
      const body = await callGateway<{ id: number; url: string; mime: string }>(gateway, call, '/api/file/uploadVoice', {
        method: 'POST',
        body: form,
      });
      return body.obj ?? null;
    },
    /** An uploaded picture as stored by the gateway (GET /files/upload/{name}), for the portal to serve; null when absent. */
    async uploadedFile(call: CallContext, name: string): Promise<{ data: Buffer; mime: string } | null> {
      const res = await gateway(`files/upload/${seg(name)}`, {
        responseType: 'buffer',
        throwHttpErrors: false,
        headers: { 'x-request-id': call.reqId },
      }).catch((err: Error) => {
        call.log.error({ gateway: '/files/upload', err: err.message }, 'gateway call failed');
        throw new GatewayError(502, '/files/upload', 'upload fetch failed');
      });
      if (res.statusCode === 404) return null;
      if (res.statusCode !== 200) throw new GatewayError(502, '/files/upload', `upload fetch answered HTTP ${res.statusCode}`);
      const mime = String(res.headers['content-type'] ?? '');
      if (!/^(image\/(jpeg|png|gif|webp)|audio\/(webm|ogg|mp4|mpeg))$/.test(mime))
        throw new GatewayError(502, '/files/upload', 'upload of an unexpected type');
      return { data: res.body, mime };
    },
    /** Feedback of /yonghufankui (our path). */
    feedback: (
      call: CallContext,
      body: { cityId?: number; memberId?: string; phone?: string; kind?: string; content: string; images?: string[] },
    ) => getObj<{ id: number }>(gateway, call, '/api/feedback/save', post(body)),

    // Customer demand, coupons, subscriptions
    findDemand: (call: CallContext, q: { memberId?: string; phone?: string }) =>
      getObj<Record<string, unknown>>(gateway, call, '/api/customerDemand/findOne', { searchParams: q }),
    saveDemand: (
      call: CallContext,
      body: {
        cityId?: number;
        memberId?: string;
        phone: string;
        name?: string;
        demandType: string;
        region?: string;
        budget?: string;
        area?: string;
        rooms?: string;
        districts?: number[];
        moveIn?: string;
        remark?: string;
      },
    ) => getObj<{ id: number }>(gateway, call, '/api/customerDemand/save', post(body)),
    coupons: (call: CallContext, phone: string) =>
      getList<{ couponNo: string; title: string; amount: number; status: string; expiresAt: string; createdAt: string }>(
        gateway,
        call,
        `web/coupon/member/${seg(phone)}`,
      ),
    receiveCoupon: (call: CallContext, phone: string, couponNo: string) =>
      getObj<{ couponNo: string; title: string; amount: number; status: string; received: boolean }>(
        gateway,
        call,
        `/api/activity/get/coupon/${seg(phone)}/${seg(couponNo)}`,
      ),
    smsSubscribe: (
      call: CallContext,
      body: {
        cityId?: number;
        phone: string;
        houseId?: number;
        kind: '变价通知' | '开盘通知' | '新房源通知' | '降价通知';
        filter?: string;
      },
    ) => getObj<{ subscribed: boolean; created: boolean }>(gateway, call, 'api/duanxindingyue/adddxdy', post(body)),

    // Franchise and investment
    /** Franchise application on the www host (full URL). */
    async franchiseApply(
      call: CallContext,
      body: { name: string; phone: string; city?: string; company?: string; stores?: number; remark?: string },
    ) {
      const res = await callGateway<{ id: number }>(wwwClient, call, 'apply/saveApply', {
        method: 'POST',
        json: body,
        url: `${wwwUrl}/apply/saveApply`,
      });
      return res.obj ?? null;
    },
    joinSave: (
      call: CallContext,
      body: { name: string; phone: string; city?: string; company?: string; stores?: number; remark?: string },
    ) => getObj<{ id: number }>(consoleClient, call, '/admin/Join/JoinSave', post(body)),
    attractInvestment: (
      call: CallContext,
      body: { cityId?: number; name: string; phone: string; company?: string; intention?: string; remark?: string },
    ) => getObj<{ id: number }>(gateway, call, '/api/cityAttractInvestment/saveAttractInvestment', post(body)),

    // Tracking and promotion (SPEC 3 tracking attributes)
    huodongInstall: (call: CallContext, body: Record<string, unknown>) =>
      getObj<{ id: number }>(gateway, call, 'api/huoDongTG/install', post(body)),
    webHuodongInstall: (call: CallContext, body: Record<string, unknown>) =>
      getObj<{ id: number }>(gateway, call, '/web/huoDongTG/install', post(body)),
    customerFlow: (call: CallContext, body: Record<string, unknown>) =>
      getObj<{ id: number }>(gateway, call, '/api/template/updateCustomerFlowDataRecord', post(body)),
    posterShareUv: (call: CallContext, posterId: number) => getObj<number>(gateway, call, `/api/template/posterShareUv/${seg(posterId)}`),
    grabCustomerMessage: (call: CallContext, body: { phone: string; content: string; belongerId?: number }) =>
      getObj<{ id: number }>(gateway, call, '/api/apiGrabCustomersSenMessage/senMessage', post(body)),
    qrcodeCount: (call: CallContext, body: Record<string, unknown>) =>
      getObj<{ id: number }>(gateway, call, '/api/qrcodePutInCount/save', post(body)),

    // Person information (console)
    personFind: (call: CallContext, memberId: string) =>
      getObj<Record<string, unknown>>(consoleClient, call, 'Personinformation/find', post({ memberId })),
    personSave: (
      call: CallContext,
      body: {
        memberId: string;
        realName?: string;
        sex?: number;
        birthday?: string;
        city?: string;
        job?: string;
        intro?: string;
        /** The member's chat settings (issue 18, /city/ChatSettings). */
        chatSettings?: { notify: boolean; preview: boolean; sound: boolean; dnd: boolean; dndFrom: string; dndTo: string };
      },
    ) => getObj<boolean>(consoleClient, call, 'Personinformation/save', post(body)),

    // Entrustment, /Index/yijianweituo (paths are ours; SPEC 7 does not show them)
    entrustSave: (
      call: CallContext,
      body: {
        memberId: string;
        cityId: number;
        kind: 'sell' | 'rent';
        stressId?: number;
        xiaoquName?: string;
        address?: string;
        building?: string;
        unit?: string;
        room?: string;
        area: number;
        rooms?: number;
        halls?: number;
        toilets?: number;
        floor?: number;
        totalFloors?: number;
        price: number;
        contact: string;
        phone: string;
        remark?: string;
        orientation?: string;
        decoration?: string;
      },
    ) => getObj<Entrust>(gateway, call, '/api/entrust/save', post(body)),
    entrustList: (call: CallContext, memberId: string) => getList<Entrust>(gateway, call, `/api/entrust/list/${seg(memberId)}`),
    entrust: (call: CallContext, id: number | string, memberId: string) =>
      getObj<EntrustDetail>(gateway, call, `/api/entrust/${seg(id)}`, {
        searchParams: { memberId },
      }),
    entrustModifyPrice: (call: CallContext, body: { id: number; memberId: string; price: number }) =>
      getObj<Entrust>(gateway, call, '/api/entrust/modifyPrice', post(body)),
    entrustRemoveShelf: (
      call: CallContext,
      body: { id: number; memberId: string; reason: '已自行售出' | '已自行出租' | '暂不出售' | '暂不出租' | '价格原因' | '其他' },
    ) => getObj<Entrust>(gateway, call, '/api/entrust/removeShelf', post(body)),
    /** The console's (or the assigned agent's) step of an entrustment; an illegal step is 400 naming its state. */
    entrustTransition: (call: CallContext, body: { id: number; to: EntrustState; actor: string; detail?: string }) =>
      getObj<Entrust>(gateway, call, '/api/entrust/transition', post(body)),

    // Accounts (paths are ours; SPEC 7 does not show them)
    sendSmsCode: (call: CallContext, phone: string, purpose: 'register' | 'login' | 'reset') =>
      getObj<{ sent: boolean; expiresIn: number }>(gateway, call, '/api/member/sendSmsCode', post({ phone, purpose })),
    register: (call: CallContext, body: { phone: string; password: string; code: string; nickName?: string }) =>
      getObj<MemberInfo>(gateway, call, '/api/member/register', post(body)),
    login: (call: CallContext, body: { phone: string; password: string } | { phone: string; code: string }) =>
      getObj<MemberInfo>(gateway, call, '/api/member/login', post(body)),
    /** Every session of the member ends; the answer carries a new one (`token`) for the browser that asked. */
    resetPassword: (call: CallContext, body: { phone: string; password: string; code: string }) =>
      getObj<MemberInfo>(gateway, call, '/api/member/resetPassword', post(body), checks.memberSession),
    changePassword: (call: CallContext, body: { userId: string; oldPassword: string; password: string }) =>
      getObj<MemberInfo>(gateway, call, '/api/member/changePassword', post(body), checks.memberSession),
    /** The member of a live login session (issue 33), null when it ended or expired. */
    sessionMember: async (call: CallContext, token: string): Promise<MemberInfo | null> => {
      try {
        return await getObj<MemberInfo>(gateway, call, '/api/member/info', { searchParams: { token } }, checks.memberSession);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 401) return null;
        throw err;
      }
    },
    /** The console's sign-out: the member's session version is bumped, every login cookie of theirs stops verifying. */
    revokeSessions: (call: CallContext, userId: string) =>
      getObj<MemberSession>(gateway, call, '/api/member/revokeSessions', post({ userId }), checks.memberSession),
    /** A signed-in member's new nickname or avatar (the portal has verified the login): the updated session record. */
    updateProfile: (call: CallContext, body: { userId: string; nickName?: string; headUrl?: string }) =>
      getObj<MemberSession>(gateway, call, '/api/member/profile', post(body), checks.memberSession),
    /** What a login cookie is checked against (issue 13): null when the gateway knows no such member. */
    memberSession: async (call: CallContext, userId: string): Promise<MemberSession | null> => {
      try {
        return await getObj<MemberSession>(gateway, call, `/api/member/session/${seg(userId)}`, {}, checks.memberSession);
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
    memberInfo: (call: CallContext, token: string) => getObj<MemberInfo>(gateway, call, '/api/member/info', { searchParams: { token } }),
    logout: (call: CallContext, token: string) => getObj<boolean>(gateway, call, '/api/member/logout', post({ token })),
    updateMember: (call: CallContext, body: { token: string; nickName?: string; headUrl?: string; sex?: 0 | 1 | 2 }) =>
      getObj<MemberInfo>(gateway, call, '/api/member/update', post(body)),

    // The member's own records (issue 13: personal centre and member forms; paths are ours)
    memberSummary: (call: CallContext, memberId: string, phone?: string) =>
      getObj<MemberSummary>(gateway, call, `/api/member/summary/${seg(memberId)}`, { searchParams: phone ? { phone } : {} }),
    kanfangRecords: (call: CallContext, memberId: string) =>
      getList<KanfangRecord>(gateway, call, `/api/kanfang/findByMember/${seg(memberId)}`),
    /** Cancel the member's own booking while it is 待确认 (our path, issue 34): 404 not theirs, 409 no longer pending. */
    cancelKanfang: (call: CallContext, id: number, memberId: string) =>
      getObj<{ id: number; status: string }>(gateway, call, '/api/kanfang/cancel', post({ id, memberId })),
    /** Withdraw the member's own report while it is 待处理 (our path, issue 34). */
    withdrawJubao: (call: CallContext, id: number, memberId: string) =>
      getObj<{ id: number; withdrawn: boolean }>(gateway, call, '/api/jubao/withdraw', post({ id, memberId })),
    /** Delete one of the member's valuations (our path, issue 34: /gujiajilu). */
    deleteValuation: (call: CallContext, id: number, memberId: string) =>
      getObj<{ id: number; deleted: boolean }>(gateway, call, '/api/gujia/records/delete', post({ id, memberId })),
    memberJubao: (call: CallContext, memberId: string) => getList<JubaoRecord>(gateway, call, `/api/jubao/findByMember/${seg(memberId)}`),
    correctionRecords: (call: CallContext, memberId: string) =>
      getList<CorrectionRecord>(gateway, call, `/api/correction/findByMember/${seg(memberId)}`),
    feedbackRecords: (call: CallContext, memberId: string) =>
      getList<FeedbackRecord>(gateway, call, `/api/feedback/findByMember/${seg(memberId)}`),
    memberCoupons: (call: CallContext, phone: string) => getList<Coupon>(gateway, call, `web/coupon/member/${seg(phone)}`),
    couponBatches: (call: CallContext, cityId: number) => getList<CouponBatch>(gateway, call, `/api/activity/coupons/${seg(cityId)}`),
    smsSubscriptions: (call: CallContext, phone: string) =>
      getList<SmsSubscription>(gateway, call, `/api/duanxindingyue/findByPhone/${seg(phone)}`),
    memberDemand: (call: CallContext, memberId: string) =>
      getObj<CustomerDemand>(gateway, call, '/api/customerDemand/findOne', { searchParams: { memberId } }),
  };
}
