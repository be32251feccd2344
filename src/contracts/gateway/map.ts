/** The map calls (SPEC 7.3 getHousebyLocation, 7.5 shopMap; map answers wrap their data in obj): bubbles and nearby places. */

/** What a map counts: second-hand homes, rentals (listings) or new-home estates. */
export type MapKind = 'ershoufang' | 'zufang' | 'xinfang';
/** The zoom level of the bubbles: one per district, per shop area or per community (estate for new homes). */
export type MapLevel = 'region' | 'shopMap' | 'xiaoqu';

/** The query of GET /api/house/getHousebyLocation/{level}. */
export interface MapQuery {
  cityId: number;
  kind: MapKind;
  /** `minLng,minLat,maxLng,maxLat`; absent: the whole city */
  bbox?: string;
  /** price band of the list pages (万 for sale, 元/月 for rent), lower bound inclusive, upper exclusive */
  priceMin?: number;
  priceMax?: number;
  /** room counts (5 = five and more), comma separated */
  rooms?: string;
}

export interface MapBubble {
  /** region, shop area or community (estate) id, per level */
  id: number;
  name: string;
  lng: number;
  lat: number;
  /** listings (estates for new homes) matching the filters */
  count: number;
  /** average price: 元/㎡ for sale and new homes, 元/月 for rent; null when nothing matches */
  avgPrice: number | null;
  /** the district the bubble belongs to */
  regionId: number;
}

export interface MapBubbles {
  level: MapLevel;
  kind: MapKind;
  /** the sum of the bubbles' counts */
  total: number;
  items: MapBubble[];
}

export interface NearbyPlace {
  name: string;
  lng: number;
  lat: number;
  /** metres from the point */
  distance: number;
  /** school: its level (小学, 初中…); station: its line */
  note: string;
  color?: string;
}

/** GET /api/map/nearby: what a static location map draws around a point. */
export interface NearbyMap {
  district: { name: string; polygons: Array<Array<Array<[number, number]>>> } | null;
  schools: NearbyPlace[];
  stations: NearbyPlace[];
}
