/**
 * SPEC 9, new-home property type codes. An estate carries one or more codes; prices are given per code
 * (louPanWylbPrice, SPEC 7.3). Pure data and lookups.
 */
export type LoupanTypeCode = 1 | 2 | 3 | 4 | 5 | 6 | 8;

export interface LoupanType {
  code: LoupanTypeCode;
  /** The name a visitor reads. */
  name: string;
  /** The SPEC 9 English term. */
  en: 'residence' | 'townhouse' | 'villa' | 'apartment' | 'office' | 'shop' | 'other';
  /** Price unit of the type: shops and offices are also quoted per ㎡. */
  unit: '元/㎡';
}

export const LOUPAN_TYPES: readonly LoupanType[] = [
  { code: 1, name: '住宅', en: 'residence', unit: '元/㎡' },
  { code: 2, name: '联排', en: 'townhouse', unit: '元/㎡' },
  { code: 3, name: '别墅', en: 'villa', unit: '元/㎡' },
  { code: 4, name: '公寓', en: 'apartment', unit: '元/㎡' },
  { code: 5, name: '写字楼', en: 'office', unit: '元/㎡' },
  { code: 6, name: '商铺', en: 'shop', unit: '元/㎡' },
  { code: 8, name: '其他', en: 'other', unit: '元/㎡' },
];

const BY_CODE = new Map<number, LoupanType>(LOUPAN_TYPES.map((t) => [t.code, t]));

export const isLoupanTypeCode = (n: unknown): n is LoupanTypeCode => typeof n === 'number' && BY_CODE.has(n);

/** The type of a code, or undefined for a code SPEC 9 does not list (7, 9, …). */
export const loupanType = (code: number | string | null | undefined): LoupanType | undefined =>
  code === null || code === undefined || code === '' ? undefined : BY_CODE.get(Number(code));

/** The name of a code (住宅, 联排, 别墅 …); '' for an unknown code. */
export const loupanTypeName = (code: number | string | null | undefined): string => loupanType(code)?.name ?? '';

/** The names of an estate's codes, in SPEC order, unknown codes left out, each once. */
export function loupanTypeNames(codes: ReadonlyArray<number | string> | null | undefined): string[] {
  const set = new Set((codes ?? []).map(Number));
  return LOUPAN_TYPES.filter((t) => set.has(t.code)).map((t) => t.name);
}
