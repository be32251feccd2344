/** What the gateway answers about a member's own records (issue 13: personal centre and member forms). */

/** Counts of the personal centre's entries (our path /api/member/summary/{memberId}). */
export interface MemberSummary {
  collect: number;
  kanfang: number;
  jubao: number;
  correction: number;
  valuation: number;
  entrust: number;
  feedback: number;
  /** Coupons still usable (未使用 and not expired). */
  coupon: number;
}

/** A viewing booking (api/kanfang/add) with its status. */
export interface KanfangRecord {
  id: number;
  houseId: number | null;
  houseType: number | null;
  name: string;
  visitDate: string | null;
  remark: string | null;
  status: string;
  createdAt: string;
  title: string | null;
}

/** A report of a listing (api/jubao/save). */
export interface JubaoRecord {
  id: number;
  houseId: number;
  houseType: number | null;
  reason: string;
  content: string | null;
  status: string;
  createdAt: string;
  title: string | null;
}

/** A correction of a listing's facts (/api/correction/insert). */
export interface CorrectionRecord {
  id: number;
  houseId: number | null;
  houseType: number | null;
  field: string | null;
  content: string;
  status: string;
  createdAt: string;
  title: string | null;
}

/** A feedback message (/yonghufankui). */
export interface FeedbackRecord {
  id: number;
  kind: string;
  content: string;
  phone: string | null;
  images: string[];
  status: string;
  createdAt: string;
}

/** A member's coupon (web/coupon/member/{phone}); `已过期` once past its date. */
export interface Coupon {
  couponNo: string;
  title: string;
  amount: number;
  status: '未使用' | '已使用' | '已过期' | string;
  expiresAt: string;
  createdAt: string;
}

/** A coupon of a running activity, claimable by its number (our path /api/activity/coupons/{cityId}). */
export interface CouponBatch {
  couponNo: string;
  title: string;
  amount: number;
  rule: string;
  validDays: number;
  endsAt: string;
}

/** The customer demand of 省心找房 (/api/customerDemand/findOne). */
export interface CustomerDemand {
  id: number;
  cityId: number | null;
  memberId: string | null;
  phone: string;
  name: string | null;
  demandType: string;
  region: string | null;
  budget: string | null;
  area: string | null;
  rooms: string | null;
  districts: number[];
  moveIn: string | null;
  remark: string | null;
  createdAt: string;
}

/** A valuation the member asked for (/fangjia/gujia), listed on /gujiajilu. */
export interface ValuationRecord {
  id: number;
  stressId: number;
  xiaoquName: string;
  area: number;
  input: Record<string, unknown>;
  unitPrice: number;
  totalPrice: number;
  createdAt: string;
}

/** An SMS subscription (api/duanxindingyue/adddxdy): a kind and the list filter (path and query) it watches. */
export interface SmsSubscription {
  id: number;
  kind: string;
  filter: string | null;
  houseId: number | null;
  createdAt: string;
}
