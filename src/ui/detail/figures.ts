import { groupDigits, num } from '../paths.ts';

/**
 * The texts of a home's figures, one rule each (DESIGN "One number for one thing"): the detail pages and the
 * comparison (/duibi, issue 37 part 4) show a figure through the same function, so the two never disagree.
 */

/** A sale price, 万: 158.5万. */
export const totalPriceText = (wan: number): string => `${num(wan)}万`;
/** A rent: 2,800元/月. */
export const rentText = (yuan: number): string => `${groupDigits(yuan)}元/月`;
/** A price per square metre (a listing's unit price, a community's or an estate's average): 12,345元/㎡. */
export const perSquareText = (yuan: number): string => `${groupDigits(yuan)}元/㎡`;
/** An area: 89.5㎡. */
export const areaText = (m2: number): string => `${num(m2)}㎡`;
/** A layout, — when the listing has none. */
export const layoutFact = (huxing: string | null | undefined): string => huxing || '—';
/** 中楼层/共18层. */
export const floorText = (h: { floorLevel: string; totalFloors: number }): string => `${h.floorLevel}/共${h.totalFloors}层`;
/** 2012年, empty when unknown. */
export const buildYearText = (year: number | null | undefined): string => (year ? `${year}年` : '');
/** A distance to a neighbour (a station, a school); one at the same spot reads 50米内, never 0米 (issue 34). */
export const distanceText = (m: number): string => (m < 50 ? '50米内' : `${m}米`);
/** A new-home estate's total price band: 80-120万, 待定 when not priced. */
export const estateTotalText = (e: { totalMin: number; totalMax: number }): string =>
  e.totalMin ? `${Math.round(e.totalMin)}-${Math.round(e.totalMax)}万` : '待定';
/** A date of the gateway's (YYYY-MM-DD HH:MM:SS) as its day. */
export const dayText = (s: string | null | undefined): string => (s ?? '').slice(0, 10);
