import type { ListingItem } from './listing.ts';
import type { LoupanItem } from './xinfang.ts';

/** Campaigns (issue 19; our paths beside SPEC 7.8's tracking calls): an activity of one of the ten /huodong templates. */
export interface ActivitySummary {
  id: number;
  cityId: number;
  /** The template kind (src/lib/activity.ts ACTIVITY_KINDS). */
  kind: string;
  name: string;
  subtitle: string;
  banner: string;
  benefit: string;
  /** Beijing time `YYYY-MM-DD HH:MM:SS`. */
  startsAt: string;
  endsAt: string;
  /** running, ended or upcoming, by the gateway's clock. */
  state: string;
  posterId: number;
  signupCount: number;
  viewNum: number;
}

/** One selected estate or listing, resolved; `specialPrice` (万) on special-price flats. */
export interface ActivityItem {
  type: 'loupan' | 'listing';
  note: string;
  specialPrice: number | null;
  loupan: LoupanItem | null;
  listing: ListingItem | null;
}

export interface ActivityCoupon {
  couponNo: string;
  title: string;
  amount: number;
  rule: string;
  validDays: number;
}

export interface ActivityDetail extends ActivitySummary {
  rules: string[];
  place: string;
  hotline: string;
  items: ActivityItem[];
  coupons: ActivityCoupon[];
}

/** The answer of a sign-up (POST /api/template/updateCustomerFlowDataRecord): saved once per phone and activity. */
export interface SignupResult {
  id: number;
  duplicate: boolean;
  signupCount: number;
  couponNos: string[];
}

/** A group viewing session (/grouproom): an estate, when and where, seats and how many are left. */
export interface GroupSession {
  id: number;
  cityId: number;
  title: string;
  startsAt: string;
  meetingPoint: string;
  seats: number;
  seatsLeft: number;
  leader: string;
  route: string[];
  benefit: string;
  loupan: LoupanItem;
}

export interface GroupSignupResult {
  id: number;
  duplicate: boolean;
  seatsLeft: number;
}

/** A promoted estate or listing of /adver (marked 广告). */
export interface Promotion {
  id: number;
  slogan: string;
  type: 'loupan' | 'listing';
  loupan: LoupanItem | null;
  listing: ListingItem | null;
}
