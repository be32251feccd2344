/**
 * Which words a listing or an estate may carry, given the attributes the seed drew for it: titles, tags and badges
 * are derived from the attributes and never contradict them (issue 11 point 7).
 */
export interface Facts {
  /** 南北, 南, 东南 …; null where a thing has many (an estate). */
  orientation: string | null;
  /** The demo calendar's year: 次新房 is a building of its last five years. */
  year: number;
  decoration: string;
  deal: 'sale' | 'rent';
  elevator: boolean;
  nearMetro: boolean;
  buildYear: number;
  floor: number;
  floors: number;
  payType: string | null;
  saleStatus: string | null;
}

const FITTED = ['精装', '豪装'];

/** A word (pattern) and what must hold for a text containing it. */
const RULES: ReadonlyArray<readonly [RegExp, (f: Facts) => boolean]> = [
  [/精装交付/, (f) => FITTED.includes(f.decoration)],
  [/精装(?!交付)/, (f) => f.decoration === '精装'],
  [/简装/, (f) => f.decoration === '简装'],
  [/毛坯/, (f) => f.decoration === '毛坯'],
  [/豪装/, (f) => f.decoration === '豪装'],
  [/拎包入住|家电齐全|带家具|拎包办公/, (f) => f.decoration !== '毛坯'],
  [/电梯/, (f) => f.elevator],
  [/地铁/, (f) => f.nearMetro],
  [/次新房/, (f) => f.buildYear >= f.year - 5],
  [/南北通透/, (f) => f.orientation === null || f.orientation === '南北'],
  [/高楼层/, (f) => f.floor > (f.floors * 2) / 3],
  [/中间楼层/, (f) => f.floor > f.floors / 3 && f.floor <= (f.floors * 2) / 3],
  [/押一付一/, (f) => f.payType === '押一付一'],
  [/出租/, (f) => f.deal === 'rent'],
  [/出售|带租约/, (f) => f.deal === 'sale'],
  [/^现房$/, (f) => f.saleStatus === '现房'],
];

/** Whether a phrase or tag is true of the facts. */
export const fits = (facts: Facts) => (text: string) => RULES.every(([word, holds]) => !word.test(text) || holds(facts));

/** Tags that are true of the facts and not of each other's opposite (满五唯一 already says more than 满二). */
export function coherentTags(tags: readonly string[], facts: Facts): string[] {
  const kept = tags.filter(fits(facts));
  return kept.includes('满五唯一') ? kept.filter((tag) => tag !== '满二') : kept;
}

/**
 * A pick whose random draw is taken now and whose list is known later: the seed keeps its random sequence (and so
 * every other value it generates) while the choice waits for the attributes it must agree with.
 */
export function deferredPick(draw: number) {
  return <T>(list: readonly T[]): T => list[Math.floor(draw * list.length)];
}
