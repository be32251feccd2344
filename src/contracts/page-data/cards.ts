/**
 * What the list sections of the UI render (home page `data`, the list pages). Loaders map the gateway's answers
 * onto these shapes (src/lib/listing-card.ts); every field but the id, the title and the price is optional and
 * simply not shown when missing.
 */

/** A second-hand (sale) or rental listing (SPEC 3, House listing). */
export interface Listing {
  houseId: string | number;
  title: string;
  /** Cover image URL: a same-site path (/img/…) or the product's image host. */
  img?: string;
  /** Layout text such as `3室2厅1卫` (the gateway's list items call it `huxing`); built from rooms/halls when absent. */
  huxing?: string;
  layout?: string;
  rooms?: number | null;
  halls?: number | null;
  /** Floor area in ㎡. */
  area?: number;
  /** Orientation text such as `南北`. */
  orientation?: string;
  /** The community (xiaoqu) name. */
  xiaoquName?: string | null;
  regionName?: string | null;
  tags?: string[];
  /** Sale: total price in 万元. Rental: monthly rent in 元. */
  price: number;
  /** Sale only: unit price in 元/㎡. */
  unitPrice?: number;
  /** Rental only: 整租 or 合租. */
  rentType?: string | null;
  /** The gateway's house type (11 second-hand … 16 office for rent); picks the shop channel's detail link. */
  houseType?: number;
  shopMapName?: string | null;
  /** Shops: the business format (业态) it suits. */
  businessFormat?: string | null;
  /** Detail link; defaults to `/ershoufang/{houseId}.html` or `/zufang/{houseId}.html`. */
  url?: string;
  /** Issue 19: the listing's VR tour and video pages (the card's VR and 视频 badges link there). */
  vrUrl?: string | null;
  videoUrl?: string | null;
  /** When it was put up (gateway time): the card says 今天上架, 3天前上架 … from it. */
  createdAt?: string;
}

/** A new-home estate (loupan). */
export interface Estate {
  houseId: string | number;
  name: string;
  img?: string;
  regionName?: string | null;
  address?: string;
  /** Average price in 元/㎡ (the gateway's `price`); 0 or missing shows 价格待定. */
  price?: number | null;
  avgPrice?: number;
  /** Built area range, e.g. `89-143㎡`. */
  areaRange?: string;
  /** Sale status text such as 在售, 待售, 售罄; `saleStatusLabel` (the display form) wins when both are given. */
  saleStatus?: string;
  saleStatusLabel?: string;
  /** Property type text such as 住宅, 别墅; else the first of `typeNames`. */
  propertyType?: string;
  typeNames?: string[];
  tags?: string[];
  /** Detail link; defaults to `/xinfang/{houseId}.html`. */
  url?: string;
}

export interface HomeData {
  ershoufang?: Listing[];
  xinfang?: Estate[];
  zufang?: Listing[];
}
