import type { MapBubble, MapBubbles, MapKind, MapLevel, NearbyMap } from '../gateway/map.ts';
import type { Estate, Listing } from './cards.ts';

export type { MapBubble, MapKind, MapLevel };

/** A filter chip of the map screen: its label, the link that sets it, whether it is on. */
export interface MapChip {
  label: string;
  href: string;
  on: boolean;
}

/** The bottom sheet of a tapped bubble (`?sheet=region:3`): its listings (estates for new homes). */
export interface MapSheet {
  level: MapLevel;
  id: number;
  title: string;
  count: number;
  avgPrice: number | null;
  /** the community page (communities), else the filtered list page */
  href: string;
  hrefLabel: string;
  listings: Listing[];
  estates: Estate[];
}

/** /map, /ditu, /xhjmap, /seoCsLpMap (issue 14 part D): map search, its district bubbles renderable without JS. */
export interface MapData {
  kind: MapKind;
  level: MapLevel;
  /** 二手房 / 新房 / 租房 */
  kindLabel: string;
  kinds: MapChip[];
  prices: MapChip[];
  rooms: MapChip[];
  /** the query (kind, price, rooms) the screen's own data requests repeat */
  filterQuery: string;
  /** the screen's path (for its data requests and links) */
  path: string;
  bubbles: MapBubbles;
  /** the list page of each bubble of this level, by id */
  hrefs: Record<number, string>;
  /** the unit of avgPrice: 元/㎡ or 元/月 */
  priceUnit: string;
  /** the basemap (public/geo/<domain>.json) */
  geoUrl: string;
  sheet: MapSheet | null;
}

/** What a static location map draws: the point, its district and what is near. */
export interface LocationMapData extends NearbyMap {
  name: string;
  lng: number;
  lat: number;
}
