/**
 * The one rule for a numeric id in a URL (issue 12 point 2): a positive decimal integer without leading zeros that the
 * gateway can hold (a signed 32-bit int, SPEC 7). Anything else is not an id of this site: the caller answers 404.
 */
const DECIMAL = /^[1-9][0-9]{0,9}$/;
export const MAX_ID = 2_147_483_647;

export function parseId(raw: string | undefined | null): number | null {
  if (!raw || !DECIMAL.test(raw)) return null;
  const n = Number(raw);
  return n <= MAX_ID ? n : null;
}

export const isId = (raw: string | undefined | null): boolean => parseId(raw) !== null;
