import type { Adjustment, ValuationInput } from '../../lib/valuation.ts';

/** A comparable second-hand listing shown with a valuation (same community, similar area). */
export interface ValuationComparable {
  id: number;
  houseNumber: string;
  title: string;
  /** 万元 */
  price: number;
  unitPrice: number;
  area: number;
  rooms: number;
  halls: number;
  floor: number;
  totalFloors: number;
  orientation: string;
  decoration: string;
}

/** The answer of POST /api/gujia/estimate (our path): the figure and everything it was derived from. */
export interface ValuationResult {
  stressId: number;
  xiaoquName: string;
  sname: string;
  buildYear: number;
  month: string | null;
  xiaoquAvgPrice: number;
  input: ValuationInput;
  baseUnitPrice: number;
  blended: boolean;
  adjustments: Adjustment[];
  unitPrice: number;
  totalPrice: number;
  low: number;
  high: number;
  comparables: number;
  comparableUnitPrice: number | null;
  comparableListings: ValuationComparable[];
  recentPrices: Array<{ month: string; price: number }>;
  /** The member's record this valuation is kept as; null for a visitor. */
  recordId: number | null;
}

/** One kept valuation (GET /api/gujia/records/{memberId}/{id}). */
export interface ValuationRecordDetail {
  id: number;
  stressId: number;
  input: ValuationInput & { stressId: number };
  createdAt: string;
}
