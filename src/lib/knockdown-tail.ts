/**
 * The tail of the in-app recent-deals list /appH5/knockdown/* (issue 19): path segments, each at most once and in this
 * order: `r{regionId}` (a district), `x{stressId}` (a community), `es` (second-hand sales) or `zf` (rentals),
 * `p{page}` (2 and up). `/appH5/knockdown/r3/es/p2/` is the second page of 岳麓区's sales; the bare list is the city's.
 * Anything else is not a page of this list (the caller answers 404). Pure, no I/O.
 */
import { parseId } from './ids.ts';
import { HOUSE_TYPES } from './listing-kinds.ts';

export type DealKind = 'all' | 'es' | 'zf';

export interface KnockdownTail {
  regionId: number | null;
  stressId: number | null;
  kind: DealKind;
  page: number;
}

/** The segments in their order: each reads one part of the tail, or refuses it (null). */
const STEPS: Array<(part: string, t: KnockdownTail) => boolean | null> = [
  (part, t) => {
    const m = /^r(\d+)$/.exec(part);
    if (!m) return false;
    t.regionId = parseId(m[1]);
    return t.regionId === null ? null : true;
  },
  (part, t) => {
    const m = /^x(\d+)$/.exec(part);
    if (!m) return false;
    t.stressId = parseId(m[1]);
    return t.stressId === null ? null : true;
  },
  (part, t) => {
    if (part !== 'es' && part !== 'zf') return false;
    t.kind = part;
    return true;
  },
  (part, t) => {
    const m = /^p(\d+)$/.exec(part);
    if (!m) return false;
    const p = parseId(m[1]);
    if (p === null || p < 2) return null;
    t.page = p;
    return true;
  },
];

/** The tail's parts, or null when it is not one this list writes (unknown segment, wrong order, a repeat, `p1`). */
export function parseKnockdownTail(raw: string | undefined): KnockdownTail | null {
  const t: KnockdownTail = { regionId: null, stressId: null, kind: 'all', page: 1 };
  const text = (raw ?? '').replace(/\/$/, '');
  const parts = text === '' ? [] : text.split('/');
  let step = 0;
  for (const part of parts) {
    let read: boolean | null = false;
    while (step < STEPS.length && read === false) read = STEPS[step++](part, t);
    if (read !== true) return null;
  }
  return t;
}

/** The canonical path of a deals list: `/appH5/knockdown/r3/x45/es/p2/`. */
export function knockdownHref(t: Partial<KnockdownTail>): string {
  const parts = [
    t.regionId ? `r${t.regionId}` : '',
    t.stressId ? `x${t.stressId}` : '',
    t.kind && t.kind !== 'all' ? t.kind : '',
    t.page && t.page > 1 ? `p${t.page}` : '',
  ].filter(Boolean);
  return `/appH5/knockdown/${parts.map((p) => `${p}/`).join('')}`;
}

/** The gateway house type of a deal kind (none: both). */
export const dealHouseType = (kind: DealKind): number | undefined =>
  kind === 'es' ? HOUSE_TYPES.ershoufang : kind === 'zf' ? HOUSE_TYPES.zufang : undefined;

export const DEAL_KIND_LABELS: Readonly<Record<DealKind, string>> = { all: '全部', es: '二手房', zf: '租房' };
