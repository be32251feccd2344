/** What the personal centre and the member forms (issue 13) receive. */
import type { Region, ViewHistoryEntry } from '../gateway/index.ts';
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
  ValuationRecord,
} from '../gateway/personal.ts';
import type { FormHouse } from './member.ts';

export type {
  CorrectionRecord,
  Coupon,
  CouponBatch,
  CustomerDemand,
  FeedbackRecord,
  JubaoRecord,
  KanfangRecord,
  MemberSummary,
  SmsSubscription,
  ValuationRecord,
};

/**
 * A form's state after a plain (no-JavaScript) post: `ok` after a success (the 303 carries `?ok=1`); after a refusal,
 * the message and what was typed, so the form shows them again.
 */
export interface FormState {
  ok: boolean;
  error: string | null;
  /** The field the refusal is about, when known. */
  field: string | null;
  values: Record<string, string | string[]>;
}

export interface Profile {
  nickName: string;
  headUrl: string;
  /** 138****0000 */
  phoneMasked: string;
}

export interface PersonalCenterData {
  profile: Profile;
  counts: MemberSummary | null;
  /** The latest viewing bookings, with their status. */
  bookings: KanfangRecord[];
  /** The SMS subscriptions made from the list pages. */
  subscriptions: SmsSubscription[];
}

export interface ProfileFormData {
  profile: Profile;
  form: FormState;
}

export interface ValuationListData {
  records: ValuationRecord[];
}

/** 浏览记录 (issue 34): the member's latest views, newest first, each with the day it falls under (今天, 昨天, 3天前, a date). */
export interface ViewHistoryData {
  entries: Array<ViewHistoryEntry & { day: string }>;
}

export interface CouponPageData {
  coupons: Coupon[];
  /** The city's running activities, claimable by number. */
  batches: CouponBatch[];
  form: FormState;
}

export interface ReportRecordsData {
  reports: JubaoRecord[];
  corrections: CorrectionRecord[];
}

export interface CorrectionFormData {
  house: FormHouse | null;
  back: string;
  form: FormState;
  phone: string;
}

export interface FeedbackPageData {
  records: FeedbackRecord[];
  form: FormState;
  phone: string;
}

export interface DemandPageData {
  demand: CustomerDemand | null;
  regions: Region[];
  form: FormState;
  phone: string;
}

/** /personalcenter/xiaoxi (issue 37 part 3): the message centre. */
export interface XiaoxiData {
  notices: Array<import('../gateway/notice.ts').Notice & { when: string }>;
  page: number;
  totalPages: number;
  unread: number;
  chatUnread: number;
  searches: import('../gateway/notice.ts').SavedSearch[];
  settings: import('../gateway/notice.ts').NoticeSettings;
}
