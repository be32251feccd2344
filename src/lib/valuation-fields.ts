import type { GujiaFields } from '../contracts/page-data/gujia.ts';
import { inputProblem, type ValuationInput } from './valuation.ts';

/**
 * The valuation form's fields (issue 16 part B) as text, and as the model's input: what /fangjia/gjinfo reads from its
 * query and the save action (POST /-/action/gujia) from its body, by one rule.
 */

export const FIELD_KEYS = ['stressId', 'area', 'rooms', 'floor', 'totalFloors', 'orientation', 'decoration'] as const;
const DECIMAL = /^\d{1,4}(\.\d{1,2})?$/;
const INTEGER = /^\d{1,4}$/;

export function fieldsOf(query: Record<string, unknown>): GujiaFields {
  const f = {} as GujiaFields;
  for (const k of FIELD_KEYS)
    f[k] = String(query[k] ?? '')
      .trim()
      .slice(0, 20);
  return f;
}

/** A positive whole id, or null. */
export const idIn = (v: string | undefined): number | null => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** The typed fields as the model's input, or why they cannot be valued (text to numbers with no guessing). */
export function inputOf(f: GujiaFields): ValuationInput | string {
  if (!DECIMAL.test(f.area)) return '请填写面积（10-1000㎡）';
  if (!INTEGER.test(f.rooms)) return '请选择居室';
  if (!INTEGER.test(f.floor) || !INTEGER.test(f.totalFloors)) return '请填写所在楼层与总楼层';
  const input: ValuationInput = {
    area: Number(f.area),
    rooms: Number(f.rooms),
    floor: Number(f.floor),
    totalFloors: Number(f.totalFloors),
    orientation: f.orientation,
    decoration: f.decoration,
  };
  return inputProblem(input) ?? input;
}
