/** Places and city furniture (SPEC 7.2): regions, business areas, metro lines, banners. */
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

/** The places a city's lists filter by: districts, shop areas and metro lines with their stations. */
export interface LocationDict {
  regions: ReadonlyArray<{ regionId: number; regionName: string }>;
  shopMaps: ReadonlyArray<{ shopMapId: number; shopMapName: string; regionId: number }>;
  metros: ReadonlyArray<{ metroId: number; name: string; stations: ReadonlyArray<{ stationId: number; name: string }> }>;
}
