import type { ListingItem } from './listing.ts';
import type { LoupanItem } from './xinfang.ts';

/** An agent (belonger, SPEC 3) as the gateway lists it. */
export interface Belonger {
  belongerId: number;
  uid: string;
  name: string;
  phone: string;
  extNum: string;
  iskefu: boolean;
  portrait: string;
  title: string;
  years: number;
  score: number;
  dealCount: number;
  daikanCount: number;
  intro: string;
  tags: string[];
  star: number;
  cityId: number;
  storeId: number;
  storeName: string | null;
}

/** What the chat widget needs to open a conversation with an agent. */
export interface ImDetails {
  uid: string;
  belongerId: number;
  name: string;
  portrait: string;
}

/** A store (department) of the agency. */
export interface Store {
  departmentId: number;
  storeId: number;
  name: string;
  address: string;
  phone: string;
  img: string;
  licenseNo: string;
  manager: string;
  openYear: number;
  cityId: number;
  regionId: number;
  regionName: string | null;
  shopMapId: number | null;
  shopMapName: string | null;
  lat: number | null;
  lng: number | null;
  belongerNum?: number;
  /** Opening hours, `09:00-21:00` (issue 17 part B). */
  hours?: string;
  /** The estate-agency filing number (经纪机构备案号). */
  filingNo?: string;
  /** The operating company named on the licence. */
  company?: string;
  /** The store's listings on sale (second-hand and rentals). */
  houseNum?: number;
  /** Distance from the visitor in metres, when the list was asked for nearest first. */
  distance?: number;
}

/** A store's news or deal (门店动态, issue 17 part B). */
export interface StoreNews {
  id: number;
  storeId: number;
  kind: '成交' | '动态';
  title: string;
  content: string;
  houseId: number | null;
  createdAt: string;
}

/** A community a store serves: one of its district where its agents have listings. */
export interface StoreXiaoqu {
  stressId: number;
  name: string;
  img: string;
  regionName: string | null;
  shopMapName: string | null;
  avgPrice: number;
  /** The store's listings in it. */
  houseNum: number;
}

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

export interface Dianping {
  id: number;
  houseId: number | null;
  belongerId: number | null;
  memberId: string;
  nickName: string;
  headUrl: string;
  score: number;
  content: string;
  images: string[];
  createdAt: string;
  /** Stars per aspect of an agent's review (null for other reviews). */
  aspects?: DianpingAspects | null;
}

/** A member's review of an agent, per aspect (issue 17): 专业度, 服务态度, 响应速度, 1–5 stars each. */
export interface DianpingAspects {
  professional: number;
  attitude: number;
  response: number;
}

/** One of the company's service commitments (真房源, 安心签, 先行赔付 …) with its terms. */
export interface Commitment {
  id: number;
  title: string;
  subtitle: string;
  summary: string;
  terms: string[];
}
