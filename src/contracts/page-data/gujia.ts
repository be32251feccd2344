import type { ValuationResult } from '../gateway/gujia.ts';
import type { SuggestHit } from '../gateway/search.ts';

/** The valuation form's fields as the visitor typed them (text: a refused form is shown again as it was). */
export interface GujiaFields {
  stressId: string;
  area: string;
  rooms: string;
  floor: string;
  totalFloors: string;
  orientation: string;
  decoration: string;
}

/** /fangjia/gujia: pick a community (a search with pinyin when none is picked), then the home's traits. */
export interface GujiaFormData {
  /** The picked community; null until one is picked. */
  xiaoqu: { stressId: number; name: string; address: string; avgPrice: number; buildYear: number } | null;
  /** The community search typed (`?q=`) and what it found. */
  q: string;
  matches: SuggestHit[];
  fields: GujiaFields;
  orientations: string[];
  decorations: string[];
}

/** /fangjia/gjinfo: a valuation, or why the inputs were refused. */
export interface GjinfoData {
  result: ValuationResult | null;
  /** Why the inputs could not be valued (shown with a link back to the form as it was). */
  error: string | null;
  fields: GujiaFields;
  /** Kept in the member's 估价记录 (a logged-in member), or re-opened from it. */
  saved: boolean;
  /** Re-opened from the member's records (`?id=`). */
  recordId: number | null;
  loggedIn: boolean;
}
