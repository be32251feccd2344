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
  status: string;
  agent: { belongerId: number; name: string; phone: string; portrait: string; uid: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** SPEC 7.8's four favourite kinds, and overseas listings (our path). */
export type CollectKind = 'ershoufang' | 'rent' | 'newhouse' | 'xiaoqu' | 'overseas';

/** One favourite of a member, with the item as its list shows it. */
export interface CollectEntry {
  kind: CollectKind;
  collectedAt: string;
  item: ListingItem | LoupanItem | XiaoquItem | Overseas;
}
