import type { MonthPrice } from './listing.ts';

/** A shop area or a metro station with its latest price (weighted by households) and its change on the month before. */
export interface PriceLevelItem {
  id: number;
  name: string;
  /** The district of a shop area, the line of a station. */
  parentId: number;
  parentName: string;
  avgPrice: number | null;
  ratio: number;
  xiaoqucount: number;
}

/** One shop area or station: its monthly series, its communities and its siblings (our path, issue 16). */
export interface PriceLevelDetail {
  id: number;
  name: string;
  cityId: number;
  parentId: number;
  parentName: string;
  prices: MonthPrice[];
  xiaoqus: Array<{ stressId: number; name: string; avgPrice: number; ratio: number; households: number }>;
  siblings: PriceLevelItem[];
}

export type PriceLevelKind = 'shopMap' | 'station';
