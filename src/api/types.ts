/**
 * Shapes of the gateway's answers (SPEC 3, 7), one source of truth with the embedded backend's mappers.
 * Type-only imports: nothing of the backend is loaded by the client at run time.
 */
import type { Page } from '../backend/envelope.ts';
import type * as M from '../backend/mappers.ts';
import type { ListingFilter, ListingSort } from '../backend/routes/listing.ts';
import type { SearchHit, SearchKind } from '../backend/routes/search.ts';
import type { XiaoquFilter } from '../backend/routes/xiaoqu.ts';
import type { huxingItem, LoupanFilter } from '../backend/routes/xinfang.ts';

export type { ListingFilter, ListingSort, LoupanFilter, Page, SearchHit, SearchKind, XiaoquFilter };

export type ListingItem = ReturnType<typeof M.listingItem>;
export type ListingDetail = ReturnType<typeof M.listingDetail>;
export type Belonger = ReturnType<typeof M.belongerItem>;
export type Store = ReturnType<typeof M.storeItem>;
export type XiaoquItem = ReturnType<typeof M.xiaoquItem>;
export type XiaoquDetail = ReturnType<typeof M.xiaoquDetail> & { prices: MonthPrice[]; stats: ListingStats[] };
export type LoupanItem = ReturnType<typeof M.loupanItem>;
export type Huxing = ReturnType<typeof huxingItem>;
export type SchoolItem = ReturnType<typeof M.schoolItem>;
export type SchoolDetail = ReturnType<typeof M.schoolDetail> & {
  xiaoquList: XiaoquItem[];
  louPanList: LoupanItem[];
  secHandList: ListingItem[];
  rentList: ListingItem[];
  aroundSchool: SchoolItem[];
};
export type InfoDoc = ReturnType<typeof M.docItem>;
export type InfoComment = ReturnType<typeof M.commentItem>;
export type Overseas = ReturnType<typeof M.overseasItem>;
/** GET /api/overseas/{id}: the list fields plus unit price (元/㎡), gallery and the consultant who answers for it. */
export type OverseasDetail = Overseas & { unitPrice: number; photos: string[]; agentInfo: Belonger | null };
/** One floor plan of an overseas project (its listings with that many rooms). */
export interface OverseasPlan {
  hxId: number;
  name: string;
  rooms: number;
  count: number;
  minArea: number;
  maxArea: number;
  /** Total prices, 万. */
  minPrice: number;
  maxPrice: number;
  /** A listing with this plan (its detail page). */
  sampleId: number;
  img: string;
}
/** GET /api/overseas/huxing/{id}: the project of a listing (same city and property type) and its floor plans. */
export interface OverseasHuxing {
  project: Overseas & { projectName: string };
  plans: OverseasPlan[];
}

export interface MonthPrice {
  month: string;
  price: number;
  deals?: number;
}
export interface ListingStats {
  houseType: number;
  count: number;
  avgUnitPrice: number;
  minPrice: number;
  maxPrice: number;
}
export interface Region {
  regionId: number;
  regionName: string;
  cityId?: number;
  count?: number;
  lat?: number;
  lng?: number;
  ershoucount?: number;
  zufangcount?: number;
}
export interface ShopMap {
  shopMapId: number;
  shopMapName: string;
  regionId: number;
  count?: number;
  lat?: number;
  lng?: number;
  ershoucount?: number;
  zufangcount?: number;
  xiaoqucount?: number;
  avgPrice?: number | null;
}
export interface Metro {
  metroId: number;
  name: string;
  color: string;
  stations: Array<{ stationId: number; name: string; metroId: number }>;
}
export interface Banner {
  id: number;
  title: string;
  img: string;
  link: string;
  sort: number;
}
export interface TypePrice {
  type: number;
  price: number;
  typeName: string;
}
export interface Dongtai {
  DTid: number;
  kind: string;
  title: string;
  content: string;
  createdAt: string;
}
export interface Yushou {
  id: number;
  permitNo: string;
  issueDate: string;
  buildings: string;
  units: number;
}
export type LoupanDetail = ReturnType<typeof M.loupanDetail> & {
  prices: TypePrice[];
  huxingList: Huxing[];
  DongTaiList: Dongtai[];
  DTid: number | null;
  yushouList: Yushou[];
  belongerList: Belonger[];
  belongerNum: number;
  agentInfo: Belonger | null;
  imDetails: { uid: string; belongerId: number; name: string; portrait: string } | null;
};
export interface BelongerCard extends Belonger {
  listingCount: Array<{ houseType: number; count: number }>;
  ershoufangList: ListingItem[];
  zufangList: ListingItem[];
  louPanList: LoupanItem[];
}
export interface StoreDetail extends Store {
  belongerList: Belonger[];
  houseList: ListingItem[];
}
/** SPEC 3, user info (login state). */
export interface MemberInfo {
  uid: string;
  userId: string;
  memberId: string;
  headUrl: string;
  nickName: string;
  phone: string;
  sex: number;
  token: string | null;
}
export interface InfoDocDetail extends InfoDoc {
  content: string;
  isFabulous: boolean;
  isCollect: boolean;
  isFollow: boolean;
  account: XhAccount;
  hotComments: InfoComment[];
}
export interface XhAccount {
  accountId: number;
  userName: string;
  name: string;
  avatar: string;
  intro: string;
  fans: number;
}
export interface ChatRecord {
  id: number;
  fromId: string;
  toId: string;
  msgType: 'text' | 'house' | 'map' | 'images' | 'voice' | 'cmd';
  content: string;
  createdAt: string;
}
/** SPEC 3, chat house card. */
export interface ChatHouseCard {
  tuijian: boolean;
  title: string;
  price: number;
  priceText: string;
  other: string;
  desc: string;
  img: string;
  houseid: number;
  housetype: number;
  houseMode: string;
  huashu: string;
  activityName: string;
}
export interface WendaItem {
  id: number;
  cityId: number;
  category: string;
  houseId: number | null;
  stressId: number | null;
  title: string;
  content: string;
  userId: string;
  nickName: string;
  viewNum: number;
  answerCount: number;
  createdAt: string;
  bestAnswer?: string | null;
}
export interface WendaAnswer {
  id: number;
  content: string;
  likes: number;
  createdAt: string;
  nickName: string;
  userId: string | null;
  belongerId: number | null;
  belongerName: string | null;
  portrait: string | null;
  uid: string | null;
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
export interface BaikeItem {
  id: number;
  category: string;
  title: string;
  summary: string;
  viewNum: number;
  createdAt: string;
  content?: string;
  cityId?: number;
}
