/**
 * What the list sections of the UI render (home page `data`, later the list pages). Loaders map the gateway's
 * answers onto these shapes; every field but the id, the title and the price is optional and simply not shown
 * when missing.
 */

/** A second-hand (sale) or rental listing (SPEC 3, House listing). */
export interface Listing {
  houseId: string | number;
  title: string;
  /** Cover image URL: a same-site path (/img/…) or the product's image host. */
  img?: string;
  /** Layout text such as `3室2厅`; built from room/hall when absent. */
  layout?: string;
  room?: number;
  hall?: number;
  /** Floor area in ㎡. */
  area?: number;
  /** Orientation text such as `南北`. */
  orientation?: string;
  communityName?: string;
  regionName?: string;
  tags?: string[];
  /** Sale: total price in 万元. Rental: monthly rent in 元. */
  price: number;
  /** Sale only: unit price in 元/㎡. */
  unitPrice?: number;
  /** Rental only: 整租 or 合租. */
  rentType?: string;
  /** Detail link; defaults to `/ershoufang/{houseId}.html` or `/zufang/{houseId}.html`. */
  url?: string;
}

/** A new-home estate (loupan). */
export interface Estate {
  houseId: string | number;
  name: string;
  img?: string;
  regionName?: string;
  address?: string;
  /** Average price in 元/㎡; 0 or missing shows 价格待定. */
  avgPrice?: number;
  /** Built area range, e.g. `89-143㎡`. */
  areaRange?: string;
  /** Sale status text such as 在售, 待售, 售罄. */
  saleStatus?: string;
  /** Property type text such as 住宅, 别墅. */
  propertyType?: string;
  tags?: string[];
  /** Detail link; defaults to `/xinfang/{houseId}.html`. */
  url?: string;
}

export interface HomeData {
  ershoufang?: Listing[];
  xinfang?: Estate[];
  zufang?: Listing[];
}
