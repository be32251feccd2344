/**
 * The steps of an entrustment (issue 17, /Index/yijianweituo): what each step asks and the rule for each answer. The
 * flow carries what was filled in the URL query from step to step (plain GET forms, no server memory, works without
 * JavaScript); every step checks the steps before it with these rules, and the final post checks them all again.
 */

export type EntrustKind = 'sell' | 'rent';
export const ENTRUST_KINDS: readonly EntrustKind[] = ['sell', 'rent'];
export const ORIENTATIONS = ['南北', '南', '东南', '西南', '东', '西', '北', '东西'] as const;
export const DECORATIONS = ['毛坯', '简装', '精装', '豪装'] as const;
export const REMOVE_REASONS = {
  sell: ['已自行售出', '暂不出售', '价格原因', '其他'],
  rent: ['已自行出租', '暂不出租', '价格原因', '其他'],
} as const;
export type RemoveReason = '已自行售出' | '已自行出租' | '暂不出售' | '暂不出租' | '价格原因' | '其他';
export const ALL_REMOVE_REASONS: readonly RemoveReason[] = ['已自行售出', '已自行出租', '暂不出售', '暂不出租', '价格原因', '其他'];

/** The steps in order, with the query keys each one adds. */
export const ENTRUST_STEPS = {
  search: ['kind'],
  address: ['stressId'],
  details: ['building', 'unit', 'floor', 'totalFloors', 'room'],
  form: ['area', 'rooms', 'halls', 'toilets', 'orientation', 'decoration', 'price'],
} as const;
export type EntrustStep = keyof typeof ENTRUST_STEPS;
export const ENTRUST_QUERY_KEYS: readonly string[] = Object.values(ENTRUST_STEPS).flat();

export const kindName = (kind: EntrustKind) => (kind === 'sell' ? '出售' : '出租');
export const priceUnit = (kind: EntrustKind) => (kind === 'sell' ? '万' : '元/月');

/** What has been filled in so far, typed. */
export interface EntrustDraft {
  kind: EntrustKind;
  stressId?: number;
  building?: string;
  unit?: string;
  floor?: number;
  totalFloors?: number;
  room?: string;
  area?: number;
  rooms?: number;
  halls?: number;
  toilets?: number;
  orientation?: (typeof ORIENTATIONS)[number];
  decoration?: (typeof DECORATIONS)[number];
  price?: number;
}

/** A refused answer: the field, its message, and the step that asks it. */
export interface StepProblem {
  field: string;
  message: string;
  step: EntrustStep;
}

const LABEL = /^[0-9A-Za-z\u4e00-\u9fff-]{1,20}$/;
const intIn = (v: string | undefined, min: number, max: number) =>
  v !== undefined && /^-?\d{1,4}$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : null;
const numIn = (v: string | undefined, minExclusive: number, max: number) =>
  v !== undefined && /^\d{1,7}(\.\d{1,2})?$/.test(v) && Number(v) > minExclusive && Number(v) <= max ? Number(v) : null;

/**
 * Reads the query up to (not including) `upTo`: the typed draft, or the first problem with the step to go back to.
 * `upTo` 'done' checks every step (the final post).
 */
export function readDraft(q: Record<string, unknown>, upTo: EntrustStep | 'done'): { draft: EntrustDraft } | { problem: StepProblem } {
  const s = (k: string) => (typeof q[k] === 'string' ? (q[k] as string).trim() : undefined);
  const order: Array<EntrustStep | 'done'> = ['search', 'address', 'details', 'form', 'done'];
  const need = (step: EntrustStep) => order.indexOf(step) < order.indexOf(upTo);
  const kind = s('kind');
  if (kind !== 'sell' && kind !== 'rent') return { problem: { field: 'kind', message: '请选择出售或出租', step: 'search' } };
  const draft: EntrustDraft = { kind };
  if (!need('search')) return { draft };
  const stressId = s('stressId');
  if (!stressId || !/^[1-9]\d{0,9}$/.test(stressId)) {
    return { problem: { field: 'stressId', message: '请选择小区', step: 'search' } };
  }
  draft.stressId = Number(stressId);
  if (!need('address')) return { draft };
  const bad = (field: string, message: string): { problem: StepProblem } => ({ problem: { field, message, step: 'address' } });
  const building = s('building');
  if (!building || !LABEL.test(building)) return bad('building', '请填写楼栋（如 3栋）');
  const unit = s('unit') ?? '';
  if (unit && !LABEL.test(unit)) return bad('unit', '单元格式不正确');
  const totalFloors = intIn(s('totalFloors'), 1, 200);
  if (totalFloors === null) return bad('totalFloors', '请填写总楼层（1-200）');
  const floor = intIn(s('floor'), -5, 200);
  if (floor === null || floor === 0 || floor > totalFloors) return bad('floor', '所在楼层不正确');
  const room = s('room');
  if (!room || !LABEL.test(room)) return bad('room', '请填写门牌号（如 1202）');
  Object.assign(draft, { building, unit: unit || undefined, floor, totalFloors, room });
  if (!need('details')) return { draft };
  const badD = (field: string, message: string): { problem: StepProblem } => ({ problem: { field, message, step: 'details' } });
  const area = numIn(s('area'), 0, 10000);
  if (area === null) return badD('area', '请填写建筑面积（平方米）');
  const rooms = intIn(s('rooms'), 0, 20);
  if (rooms === null) return badD('rooms', '请选择几室');
  const halls = intIn(s('halls') ?? '1', 0, 10);
  const toilets = intIn(s('toilets') ?? '1', 0, 10);
  if (halls === null) return badD('halls', '厅数不正确');
  if (toilets === null) return badD('toilets', '卫数不正确');
  const orientation = s('orientation');
  if (!ORIENTATIONS.includes(orientation as (typeof ORIENTATIONS)[number])) return badD('orientation', '请选择朝向');
  const decoration = s('decoration');
  if (!DECORATIONS.includes(decoration as (typeof DECORATIONS)[number])) return badD('decoration', '请选择装修');
  const price = numIn(s('price'), 0, kind === 'sell' ? 100_000 : 1_000_000);
  if (price === null) return badD('price', kind === 'sell' ? '请填写期望售价（万元）' : '请填写期望租金（元/月）');
  Object.assign(draft, {
    area,
    rooms,
    halls,
    toilets,
    orientation: orientation as EntrustDraft['orientation'],
    decoration: decoration as EntrustDraft['decoration'],
    price,
  });
  return { draft };
}

/** The query of a draft (its filled keys only), to carry it to the next step or back to an earlier one. */
export function draftQuery(d: Partial<EntrustDraft> | Record<string, string>): string {
  const p = new URLSearchParams();
  for (const k of ENTRUST_QUERY_KEYS) {
    const v = (d as Record<string, unknown>)[k];
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  }
  return p.toString();
}

/**
 * The home's address with its units (issue 34): 3栋2单元1501室, whether the owner typed "3" or "3栋", "2" or "2单元",
 * "1501" or "1501室". A label that already ends in a unit word (栋, 幢, 座, 号楼, 楼, 单元, 室, 号…) is kept as typed.
 */
export function entrustAddress(a: { building?: string | null; unit?: string | null; room?: string | null }): string {
  const withUnit = (v: string | null | undefined, unit: string, already: RegExp) => {
    const s = (v ?? '').trim();
    if (!s) return '';
    return already.test(s) ? s : `${s}${unit}`;
  };
  return [
    withUnit(a.building, '栋', /(栋|幢|座|楼|号|区)$/),
    withUnit(a.unit, '单元', /(单元|门|梯)$/),
    withUnit(a.room, '室', /(室|号|房|户)$/),
  ].join('');
}
