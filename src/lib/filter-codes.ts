/**
 * The parts the path-coded list filters share (listing-filters.ts for homes and commercial property,
 * overseas-filters.ts): option bands, the reading of a codes segment (`co1p2l3`), numbers given as query
 * parameters, and the printing of a tail. Pure and without I/O.
 */

/** One option of a price or area filter: `min` inclusive, `max` exclusive; an open end is absent. */
export interface Band {
  label: string;
  min?: number;
  max?: number;
}

/**
 * Building age at most N years: the second-hand and the community filters' bands (here, not in listing-filters.ts,
 * so that the community list's first JavaScript needs none of the listing tables: issue 35 part 4).
 */
export const AGE_OPTIONS = [5, 10, 15, 20] as const;

/** Pages a list URL may name at the most (`pg{n}`, `?page=n`). */
export const MAX_PAGE = 100_000;

/** An amount as a label writes it: from 10000 in 万 (5000, 1万, 1.5万). */
const figure = (n: number): string => (n >= 10_000 ? `${n / 10_000}万` : `${n}`);
/** The lower end of a range, whose 万 the upper end carries (1-2万). */
const lowerFigure = (n: number): string => `${n >= 10_000 ? n / 10_000 : n}`;

/**
 * The bands between consecutive `edges`, labelled in `unit`: one under the first edge, one per pair of edges, and one
 * over the last unless `closed`. `bands([5000, 10000], '元')` is 5000元以下, 5000-1万元, 1万元以上.
 */
export function bands(edges: readonly number[], unit: string, { closed = false } = {}): readonly Band[] {
  const out: Band[] = edges.map((max, i) => {
    const min = edges[i - 1];
    return min === undefined
      ? { label: `${figure(max)}${unit}以下`, max }
      : { label: `${lowerFigure(min)}-${figure(max)}${unit}`, min, max };
  });
  const top = edges[edges.length - 1];
  if (!closed && top !== undefined) out.push({ label: `${figure(top)}${unit}以上`, min: top });
  return out;
}

/** One code of a codes segment: `p3` is code `p`, number 3. */
export interface Code {
  code: string;
  n: number;
}

/**
 * The codes of a segment in the order written, read with `token` (groups: code, number) until the end or until the
 * rest starts with `stop`; `rest` is what was left unread (`stop` onwards, or ``). Null when a part is no code.
 */
export function readCodes(seg: string, token: RegExp, stop?: string): { codes: Code[]; rest: string } | null {
  const codes: Code[] = [];
  let rest = seg;
  while (rest && !(stop !== undefined && rest.startsWith(stop))) {
    const m = token.exec(rest);
    if (!m) return null;
    codes.push({ code: m[1] as string, n: Number(m[2]) });
    rest = rest.slice(m[0].length);
  }
  return { codes, rest };
}

/** A positive whole number given as a query parameter, at most `max` (0: no bound); undefined when it is not one. */
export function posInt(v: string | undefined, max = 0): number | undefined {
  if (v === undefined || !/^[1-9][0-9]{0,5}$/.test(v)) return undefined;
  const n = Number(v);
  return max > 0 && n > max ? undefined : n;
}

/** The page of a filter state after `?page=v` over `current`: page 1 and a malformed page are no page. */
export function pageFromQuery(v: string | undefined, current: number | undefined): number | undefined {
  const page = posInt(v, MAX_PAGE);
  return page && page > 1 ? page : v !== undefined ? undefined : current;
}

/** A tail of path segments, each closed by a slash; empty segments are left out (`yuelu/p3l2/`, `p3/`, ``). */
export const tailOf = (...segments: string[]): string =>
  segments
    .filter(Boolean)
    .map((s) => `${s}/`)
    .join('');
