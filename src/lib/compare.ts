/**
 * Comparing homes (issue 37 part 4): the one home of the compare list's rules, shared by the browser (a visitor's list
 * in localStorage), the portal (the /duibi page, the member's actions) and the embedded gateway (a member's list).
 * Pure: no I/O.
 *
 * A list holds up to COMPARE_MAX homes of one kind: second-hand homes, rentals or new-home estates are compared with
 * their own kind only (a rent and a sale price, or an estate's average and a flat's total, say different things).
 */

export const COMPARE_KINDS = ['ershoufang', 'zufang', 'xinfang'] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

/** How many homes one comparison holds: four columns still fit a phone's sideways scroll. */
export const COMPARE_MAX = 4;

export const COMPARE_NOUNS: Readonly<Record<CompareKind, string>> = { ershoufang: '二手房', zufang: '租房', xinfang: '新房' };

/** A compare list: the kind of its homes (null while empty) and their ids, oldest first. */
export interface CompareList {
  kind: CompareKind | null;
  ids: number[];
}

export { COMPARE_CHANGE_EVENT, COMPARE_STORAGE_KEY } from './compare-keys.ts';

export const EMPTY_COMPARE: CompareList = { kind: null, ids: [] };

export const isCompareKind = (v: unknown): v is CompareKind => typeof v === 'string' && (COMPARE_KINDS as readonly string[]).includes(v);

/** What a refused add says (and why): the list is full, or it holds another kind. */
export type CompareRefusal = { code: 'full' | 'kind'; message: string };

export const fullMessage = (kind: CompareKind): string => `最多同时对比${COMPARE_MAX}套${COMPARE_NOUNS[kind]}，请先移除一套再添加`;

export const kindMessage = (listKind: CompareKind, kind: CompareKind): string =>
  `对比栏里是${COMPARE_NOUNS[listKind]}，${COMPARE_NOUNS[kind]}不能和${COMPARE_NOUNS[listKind]}放在一起对比（价格的含义不同），请先清空对比栏再添加`;

/** Add a home: the new list, or why not. Adding one already there changes nothing. */
export function addToCompare(list: CompareList, kind: CompareKind, id: number): { list: CompareList } | { refusal: CompareRefusal } {
  if (list.kind && list.ids.length && list.kind !== kind) return { refusal: { code: 'kind', message: kindMessage(list.kind, kind) } };
  if (list.ids.includes(id)) return { list: { kind, ids: list.ids } };
  if (list.ids.length >= COMPARE_MAX) return { refusal: { code: 'full', message: fullMessage(kind) } };
  return { list: { kind, ids: [...list.ids, id] } };
}

/** Remove a home (of that kind); an empty list has no kind. */
export function removeFromCompare(list: CompareList, kind: CompareKind, id: number): CompareList {
  if (list.kind !== kind) return list;
  const ids = list.ids.filter((x) => x !== id);
  return ids.length ? { kind, ids } : EMPTY_COMPARE;
}

/**
 * On login a visitor's list joins the member's: the member's homes first, then the visitor's of the same kind, up to
 * COMPARE_MAX; an empty member list takes the visitor's. Homes left out (another kind, or past the fourth) are counted.
 */
export function mergeCompare(member: CompareList, visitor: CompareList): { list: CompareList; dropped: number } {
  if (!member.kind || !member.ids.length) {
    if (!visitor.kind) return { list: EMPTY_COMPARE, dropped: 0 };
    const ids = unique(visitor.ids).slice(0, COMPARE_MAX);
    return { list: ids.length ? { kind: visitor.kind, ids } : EMPTY_COMPARE, dropped: unique(visitor.ids).length - ids.length };
  }
  if (!visitor.kind || !visitor.ids.length) return { list: member, dropped: 0 };
  if (visitor.kind !== member.kind) return { list: member, dropped: unique(visitor.ids).length };
  const all = unique([...member.ids, ...visitor.ids]);
  const ids = all.slice(0, COMPARE_MAX);
  return { list: { kind: member.kind, ids }, dropped: all.length - ids.length };
}

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/** The id rule of URLs (src/lib/ids.ts's): a positive decimal without leading zeros, at most 2147483647. */
const ID = /^[1-9][0-9]{0,9}$/;
const validId = (s: string): number | null => {
  if (!ID.test(s)) return null;
  const n = Number(s);
  return n <= 2_147_483_647 ? n : null;
};

/**
 * The ids of a /duibi URL (`ids=1,2,3`, or `1-2-3` in the path form): null when malformed (not ids, more than
 * COMPARE_MAX, or none), else the ids with repeats left out.
 */
export function parseCompareIds(text: string | undefined): number[] | null {
  if (text === undefined || text === '') return null;
  const parts = text.split(/[,-]/);
  const ids: number[] = [];
  for (const p of parts) {
    const id = validId(p.trim());
    if (id === null) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.length && ids.length <= COMPARE_MAX ? ids : null;
}

/** The shareable address of a comparison. */
export function compareHref(list: CompareList): string {
  if (!list.kind || !list.ids.length) return '/duibi';
  return `/duibi?type=${list.kind}&ids=${list.ids.join(',')}`;
}

/** Read a stored list (localStorage, a gateway answer) defensively: anything unexpected is the empty list. */
export function compareListOf(value: unknown): CompareList {
  if (!value || typeof value !== 'object') return EMPTY_COMPARE;
  const v = value as { kind?: unknown; ids?: unknown };
  if (!isCompareKind(v.kind) || !Array.isArray(v.ids)) return EMPTY_COMPARE;
  const ids = unique(v.ids.filter((x): x is number => Number.isInteger(x) && x > 0 && x <= 2_147_483_647)).slice(0, COMPARE_MAX);
  return ids.length ? { kind: v.kind, ids } : EMPTY_COMPARE;
}

// ---------------------------------------------------------------------------------------------- rows of the table

/** Which value of a row is best: the lowest (prices, distance), the highest (area, year), or none (a matter of taste). */
export type BestRule = 'low' | 'high' | null;

/**
 * The columns holding the best value of a row (indexes), when the row has a rule, at least two values to weigh and
 * they differ; ties all count as best.
 */
export function bestOf(values: ReadonlyArray<number | null>, rule: BestRule): number[] {
  if (!rule) return [];
  const known = values
    .map((v, i) => ({ v, i }))
    .filter((x): x is { v: number; i: number } => typeof x.v === 'number' && Number.isFinite(x.v));
  if (known.length < 2) return [];
  const target = rule === 'low' ? Math.min(...known.map((x) => x.v)) : Math.max(...known.map((x) => x.v));
  if (known.every((x) => x.v === target)) return [];
  return known.filter((x) => x.v === target).map((x) => x.i);
}

/** A row differs when its shown texts are not all the same. */
export const rowDiffers = (texts: readonly string[]): boolean => new Set(texts).size > 1;
