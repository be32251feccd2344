import type { ListingItem } from './listing.ts';
import type { Overseas } from './overseas.ts';
import type { XiaoquItem } from './xiaoqu.ts';
import type { LoupanItem } from './xinfang.ts';

/** SPEC 3, user info (login state), as the gateway answers it. */
export interface MemberInfo {
  uid: string;
  userId: string;
  memberId: string;
  headUrl: string;
  nickName: string;
  phone: string;
  sex: number;
  /** Bumped by a password reset or change: login cookies signed with an older one are out (issue 13). */
  sessionVersion: number;
  token: string | null;
}

/** What the portal keeps a login session by (GET /api/member/session/{userId}): ids, profile, session version. */
export interface MemberSession {
  uid: string;
  userId: string;
  phone: string;
  nickName: string;
  headUrl: string;
  sessionVersion: number;
}

/** The states of an entrustment (issue 17): 待受理 → 已受理 → 已上架 → 已成交, or 已下架 from any open state. */
export type EntrustState = '待受理' | '已受理' | '已上架' | '已成交' | '已下架';

/** One line of an entrustment's history: what changed, when, and who did it (业主, 系统, an agent). */
export interface EntrustLog {
  id: number;
  action: string;
  detail: string;
  actor: string;
  createdAt: string;
}

/** An owner's entrustment (/Index/yijianweituo). */
export interface Entrust {
  id: number;
  memberId: string;
  cityId: number;
  kind: 'sell' | 'rent';
  kindName: string;
  stressId: number | null;
  xiaoquName: string;
  address: string | null;
  building: string | null;
  unit: string | null;
  room: string | null;
  area: number;
  rooms: number | null;
  halls: number | null;
  toilets: number | null;
  floor: number | null;
  totalFloors: number | null;
  price: number;
  priceUnit: string;
  contact: string;
  phone: string;
  remark: string | null;
  orientation: string | null;
  decoration: string | null;
  status: EntrustState;
  /** The assigned agent, from 已受理 on. */
  agent: { belongerId: number; name: string; phone: string; portrait: string; uid: string } | null;
  /** The listing created when it went 已上架 (its house number, for /ershoufang/{n}.html or /zufang/{n}.html). */
  houseNumber: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One entrustment with its history. */
export interface EntrustDetail extends Entrust {
  logs: EntrustLog[];
}

/** SPEC 7.8's four favourite kinds, and overseas listings (our path). */
export type CollectKind = 'ershoufang' | 'rent' | 'newhouse' | 'xiaoqu' | 'overseas';

/** One favourite of a member, with the item as its list shows it. */
export interface CollectEntry {
  kind: CollectKind;
  collectedAt: string;
  /** Issue 37 part 2: a listing's price when it was saved (万 or 元/月); null for other kinds and older answers. */
  savedPrice?: number | null;
  item: ListingItem | LoupanItem | XiaoquItem | Overseas;
}

/** One thing of the member's 浏览记录 (issue 34): its latest view, with its item as a favourite shows it. */
export interface ViewHistoryEntry {
  kind: CollectKind;
  viewedAt: string;
  item: ListingItem | LoupanItem | XiaoquItem | Overseas;
}
