import { parseId } from './ids.ts';

/**
 * The floor-plan list's wildcard tail (SPEC 2.4 /huxing/*): `lp{houseId}` (one estate's plans) optionally followed by
 * `l{rooms}`: /huxing/lp12/, /huxing/lp12/l3/; empty for the plans of the city's hot estates. Pure: no I/O.
 */
const TAIL = /^(?:lp([1-9]\d{0,9}))?(?:\/?l([1-9]))?\/?$/i;

export interface HuxingTail {
  /** The estate (src/lib/ids.ts), absent on the city-wide list. */
  houseId?: number;
  /** Plans with this many rooms only (needs an estate). */
  rooms: number | null;
}

/** The tail's estate and rooms; null when it is not a tail of this list (the caller answers 404). */
export function parseHuxingTail(tail: string | undefined): HuxingTail | null {
  const m = TAIL.exec(tail ?? '');
  if (!m) return null;
  const houseId = m[1] ? parseId(m[1]) : undefined;
  if (houseId === null) return null;
  const rooms = m[2] ? Number(m[2]) : null;
  if (rooms && !houseId) return null;
  return { houseId, rooms };
}
