import type { ActivityDetail, ActivitySummary, Banner, GroupSession, Promotion } from '../gateway/index.ts';

/** What a sign-up form shows after a plain (no-JavaScript) post came back: `?signup=` of the page. */
export type SignupNotice = 'ok' | 'dup' | 'ended' | 'phone' | 'name' | 'full' | 'busy';

/** /huodong/{template}/{id?}: one activity in its template's design. */
export interface HuodongData {
  template: string;
  activity: ActivityDetail;
  /** The activity's banner pictures (web/banner/getpic/{cityId}/huodong_{id}); the activity's own banner when none. */
  banners: Banner[];
  /** When the page was rendered (ms): the countdown's first text; the browser ticks on from its own clock. */
  renderedAt: number;
  notice: SignupNotice | null;
  /** The path of this page as canonical (`/huodong/{template}/{id}`). */
  path: string;
}

/** /newActivity/*: the city's activities by state or kind, a page at a time. */
export interface NewActivityListData {
  view: 'list';
  items: ActivitySummary[];
  total: number;
  page: number;
  totalPages: number;
  state: string | null;
  template: string | null;
  banners: Banner[];
}

/** /newActivity/{id}.html: an activity's summary with a link to its landing page. */
export interface NewActivityDetailData {
  view: 'detail';
  activity: ActivityDetail;
  renderedAt: number;
}

export type NewActivityData = NewActivityListData | NewActivityDetailData;

/** /grouproom: the city's upcoming group viewings. */
export interface GrouproomData {
  sessions: GroupSession[];
  notice: SignupNotice | null;
  /** The session the notice is about. */
  sessionId: number | null;
}

/** /adver: promoted estates and listings, marked 广告. */
export interface AdverData {
  banners: Banner[];
  promotions: Promotion[];
}
