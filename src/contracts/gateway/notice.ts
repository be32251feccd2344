import type { SAVABLE_LISTS } from '../../lib/list-specs.ts';
import type { ListingFilter } from './listing.ts';
import type { LoupanFilter } from './xinfang.ts';

/**
 * A buyer's weeks (issue 37 parts 1–3): saved searches that fire, the notices of the message centre, the SMS the
 * gateway sends for them and the member's notice settings. Paths of our own (src/backend/README.md).
 */

/** The lists a search can be saved from: the listing lists (src/lib/list-specs.ts names) and new homes. */
export type SavedSearchList = (typeof SAVABLE_LISTS)[number] | 'xinfang';

/** One saved search: the canonical filtered URL is the search; `filter` is the list query's filter for it. */
export interface SavedSearch {
  id: number;
  cityId: number;
  list: SavedSearchList;
  url: string;
  name: string;
  /** 新房源: a listing that newly appears in the list (a new listing, an entrustment 已上架, a price into the range). */
  wantNew: boolean;
  /** 降价: a listing of the list whose price drops. */
  wantDrop: boolean;
  sms: boolean;
  enabled: boolean;
  createdAt: string;
}

/** What the portal sends to save a search. */
export interface SavedSearchInput {
  memberId: string;
  cityId: number;
  list: SavedSearchList;
  url: string;
  /** The list query's filter: the estate list's (findListByWap) for `xinfang`, the listing lists' otherwise. */
  filter: ListingFilter | LoupanFilter;
  name: string;
  wantNew: boolean;
  wantDrop: boolean;
  sms: boolean;
}

/** new: a listing appeared in a saved search; drop: a saved search's listing got cheaper; favourite-drop: a favourite did. */
export type NoticeKind = 'new' | 'drop' | 'favourite-drop';

export interface Notice {
  id: number;
  kind: NoticeKind;
  title: string;
  text: string;
  /** Where it leads: the listing's detail, or the saved list. */
  url: string;
  listingId: number | null;
  /** A new-home estate's notice names the estate instead of a listing (absent on a listing's). */
  estateId?: number;
  searchId: number | null;
  read: boolean;
  createdAt: string;
}

/** A page of notices, newest first, with the member's unread count. */
export interface NoticePage {
  content: Notice[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  unread: number;
}

/** The member's notice settings: SMS on/off and quiet hours (Beijing time) that delay an SMS, never a 站内消息. */
export interface NoticeSettings {
  sms: boolean;
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
}

/** One SMS the gateway sent (the embedded gateway records it instead): due later when it fell in quiet hours. */
export interface NoticeSms {
  id: number;
  phone: string;
  text: string;
  noticeId: number;
  dueAt: string;
  createdAt: string;
}

/**
 * What the gateway tells the portal when it recorded a notice (the gateway events hook: a webhook POST to the portal's
 * /-/gateway/events, or the embedded gateway's in-process call): whom, which notice, and their unread count.
 */
export interface GatewayNoticeEvent {
  type: 'notice';
  /** The member's id of the gateway's member-keyed calls (uid). */
  memberId: string;
  /** The member's socket key (userId, src/lib/member-key.ts). */
  userId: string;
  notice: Pick<Notice, 'id' | 'kind' | 'title' | 'text' | 'url'>;
  unread: number;
}
