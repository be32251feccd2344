/**
 * The free valuation (/fangjia/gujia → /fangjia/gjinfo, issue 16 part B). A pure function of the data: the same inputs
 * always give the same figure (no clock, no randomness: the reference year is an input, taken from the price month).
 *
 * Method (explained to owners on /gjabout):
 * 1. Base unit price: the community's latest monthly average (xiaoqu_price), or its listed average when no month exists.
 *    With 3 or more comparable second-hand listings (same community, area within ±20%), the base is 70% the community
 *    average and 30% the comparables' average unit price.
 * 2. Adjustments, each a ratio of the base, added together: floor (ground floor −4%, top floor −2%, middle and upper
 *    floors +1%, low floors 0), orientation (ORIENTATION), decoration (DECORATION), age of the building (newer than 5
 *    years +3%, 5–15 years 0, 15–25 years −3%, older −6%) and size (under 50㎡ +2%, over 140㎡ −2%).
 * 3. Unit price = base × (1 + sum of the adjustments), rounded to 10 元/㎡; total = unit price × area, in 万元 to one
 *    decimal; the range is ±5% with enough comparables, else ±8%.
 */

export const ORIENTATION: Readonly<Record<string, number>> = {
  南北: 0.03,
  南: 0.02,
  东南: 0.01,
  西南: 0,
  东: -0.01,
  东西: -0.01,
  西: -0.02,
  北: -0.04,
};
export const DECORATION: Readonly<Record<string, number>> = { 豪装: 0.07, 精装: 0.04, 简装: 0, 毛坯: -0.05 };
export const ORIENTATIONS = Object.keys(ORIENTATION);
export const DECORATIONS = Object.keys(DECORATION);

export const AREA_MIN = 10;
export const AREA_MAX = 1000;
export const ROOMS_MIN = 1;
export const ROOMS_MAX = 9;
export const FLOORS_MAX = 99;
/** At least this many comparables blend into the base and narrow the range. */
export const MIN_COMPARABLES = 3;

export interface ValuationInput {
  area: number;
  rooms: number;
  floor: number;
  totalFloors: number;
  orientation: string;
  decoration: string;
}

export interface ValuationData {
  /** The community's latest monthly average unit price (元/㎡). */
  communityPrice: number;
  /** The year the community was built. */
  buildYear: number;
  /** The year the price is for (from the price month). */
  asOfYear: number;
  comparableCount: number;
  comparableUnitPrice: number | null;
}

export interface Adjustment {
  /** What the adjustment is for: 楼层, 朝向, 装修, 房龄, 面积. */
  kind: string;
  /** The owner's trait, in words: 中高楼层, 南北, 精装, 房龄8年… */
  name: string;
  ratio: number;
}

export interface Valuation {
  baseUnitPrice: number;
  blended: boolean;
  adjustments: Adjustment[];
  unitPrice: number;
  totalPrice: number;
  low: number;
  high: number;
}

export function floorAdjustment(floor: number, totalFloors: number): Adjustment {
  const r = floor / totalFloors;
  if (floor <= 1) return { kind: '楼层', name: '底层', ratio: -0.04 };
  if (floor === totalFloors || r >= 0.95) return { kind: '楼层', name: '顶层', ratio: -0.02 };
  if (r >= 0.4) return { kind: '楼层', name: '中高楼层', ratio: 0.01 };
  return { kind: '楼层', name: '低楼层', ratio: 0 };
}

export function ageAdjustment(buildYear: number, asOfYear: number): Adjustment {
  const age = Math.max(0, asOfYear - buildYear);
  const name = `房龄${age}年`;
  if (age < 5) return { kind: '房龄', name, ratio: 0.03 };
  if (age < 15) return { kind: '房龄', name, ratio: 0 };
  if (age < 25) return { kind: '房龄', name, ratio: -0.03 };
  return { kind: '房龄', name, ratio: -0.06 };
}

export function sizeAdjustment(area: number): Adjustment {
  if (area < 50) return { kind: '面积', name: '小户型', ratio: 0.02 };
  if (area > 140) return { kind: '面积', name: '大户型', ratio: -0.02 };
  return { kind: '面积', name: '常规面积', ratio: 0 };
}

/** Why the input cannot be valued, in Chinese; null when it can. */
export function inputProblem(i: Partial<ValuationInput>): string | null {
  const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (typeof i.area !== 'number' || !Number.isFinite(i.area) || i.area < AREA_MIN || i.area > AREA_MAX)
    return `面积须在${AREA_MIN}-${AREA_MAX}㎡之间`;
  if (!isInt(i.rooms) || i.rooms < ROOMS_MIN || i.rooms > ROOMS_MAX) return `居室须在${ROOMS_MIN}-${ROOMS_MAX}室之间`;
  if (!isInt(i.totalFloors) || i.totalFloors < 1 || i.totalFloors > FLOORS_MAX) return `总楼层须在1-${FLOORS_MAX}层之间`;
  if (!isInt(i.floor) || i.floor < 1 || i.floor > i.totalFloors) return '所在楼层须在1层与总楼层之间';
  if (!i.orientation || !(i.orientation in ORIENTATION)) return '请选择朝向';
  if (!i.decoration || !(i.decoration in DECORATION)) return '请选择装修';
  return null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function valuate(input: ValuationInput, data: ValuationData): Valuation {
  const enough = data.comparableCount >= MIN_COMPARABLES && !!data.comparableUnitPrice;
  const baseUnitPrice = Math.round(enough ? data.communityPrice * 0.7 + (data.comparableUnitPrice as number) * 0.3 : data.communityPrice);
  const adjustments: Adjustment[] = [
    floorAdjustment(input.floor, input.totalFloors),
    { kind: '朝向', name: input.orientation, ratio: ORIENTATION[input.orientation] ?? 0 },
    { kind: '装修', name: input.decoration, ratio: DECORATION[input.decoration] ?? 0 },
    ageAdjustment(data.buildYear, data.asOfYear),
    sizeAdjustment(input.area),
  ];
  // Sum in whole basis points so the figure never depends on floating-point order.
  const bp = adjustments.reduce((a, j) => a + Math.round(j.ratio * 10000), 0);
  const unitPrice = Math.round((baseUnitPrice * (10000 + bp)) / 10000 / 10) * 10;
  const totalPrice = round1((unitPrice * input.area) / 10000);
  const spread = enough ? 0.05 : 0.08;
  return {
    baseUnitPrice,
    blended: enough,
    adjustments,
    unitPrice,
    totalPrice,
    low: round1(totalPrice * (1 - spread)),
    high: round1(totalPrice * (1 + spread)),
  };
}
