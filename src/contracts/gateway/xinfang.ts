import type { Belonger, ImDetails } from './belonger.ts';

/** A new-home estate (loupan) as a list item. */
export interface LoupanItem {
  houseId: number;
  hsmid: string;
  houseType: number;
  title: string;
  louPanName: string;
  name: string;
  alias: string;
  /** Average unit price, 元/㎡; 0 when not yet priced. */
  price: number;
  priceText: string;
  /** Total price band, 万. */
  totalMin: number;
  totalMax: number;
  saleStatus: string;
  /** wait, exist or sellout: which badge style the status gets. */
  saleStatusShow: string;
  saleStatusLabel: string;
  /** SPEC 9 new-home type codes and their names. */
  typeCodes: number[];
  typeNames: string[];
  tags: string[];
  img: string;
  address: string;
  decoration: string;
  hasVr: boolean;
  hasVideo: boolean;
  cityId: number;
  regionId: number;
  regionName: string | null;
  shopMapId: number;
  shopMapName: string | null;
  stationId: number | null;
  stationName: string | null;
  lat: number | null;
  lng: number | null;
  viewNum: number;
  salesCount: number;
  openDate: string;
}

/** The estate's own fields, as the backend's mapper builds them. */
export interface LoupanProfile extends LoupanItem {
  saleAddress: string;
  developer: string;
  propertyCompany: string;
  propertyFee: number;
  handoverDate: string;
  plotRatio: number;
  greenRate: number;
  households: number;
  parking: string;
  termYears: number;
  phoneExt: string;
  description: string;
  photos: string[];
  vrUrl: string | null;
  videoUrl: string | null;
}

/** A floor plan of an estate. */
export interface Huxing {
  huxingId: number;
  id: number;
  houseId: number;
  name: string;
  rooms: number;
  halls: number;
  toilets: number;
  huxing: string;
  area: number;
  /** 万. */
  totalPrice: number;
  orientation: string;
  status: string;
  img: string;
  description: string;
  tags: string[];
}

export interface TypePrice {
  type: number;
  price: number;
  typeName: string;
}

/** News of an estate (动态). */
export interface Dongtai {
  DTid: number;
  kind: string;
  title: string;
  content: string;
  createdAt: string;
}

/** A pre-sale permit. */
export interface Yushou {
  id: number;
  permitNo: string;
  issueDate: string;
  buildings: string;
  units: number;
}

/** GET api/house/findById/{id}: the estate with its prices, plans, news, permits and agents. */
export interface LoupanDetail extends LoupanProfile {
  prices: TypePrice[];
  huxingList: Huxing[];
  DongTaiList: Dongtai[];
  DTid: number | null;
  yushouList: Yushou[];
  belongerList: Belonger[];
  belongerNum: number;
  agentInfo: Belonger | null;
  imDetails: ImDetails | null;
}

export interface LoupanFilter {
  cityId: number;
  regionId?: number;
  shopMapId?: number;
  metroId?: number;
  stationId?: number;
  /** SPEC 9 new-home type code. */
  typeCode?: number;
  saleStatus?: string;
  /** Unit price band, 元/㎡. */
  priceMin?: number;
  priceMax?: number;
  /** Total price band, 万. */
  totalMin?: number;
  totalMax?: number;
  rooms?: number[];
  decoration?: string;
  tag?: string;
  keyword?: string;
  sort?: 'default' | 'priceAsc' | 'priceDesc' | 'newest' | 'hot' | 'sales';
  page?: number;
  size?: number;
}
