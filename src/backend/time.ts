/**
 * Time in the embedded gateway (SPEC 7.12 answers, SPEC 9 time rules). Times are stored and answered as Beijing
 * wall-clock time (UTC+8, no DST), `YYYY-MM-DD HH:MM:SS`, as a Chinese gateway answers them. Every reading of "now"
 * goes through the gateway's one clock (`BackendContext.now`), never `Date.now()` directly.
 */

export type Clock = () => number;

export const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

export function sqlTime(ms: number): string {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function parseSqlTime(s: string): number {
  return Date.parse(`${s.replace(' ', 'T')}+08:00`);
}

/** The UTC instant of 00:00 in Beijing on the day of `ms`. */
export function beijingMidnight(ms: number): number {
  return ms - ((ms + BEIJING_OFFSET_MS) % DAY_MS);
}

/** The 16:00 (Beijing) that the demo data is laid out around: the latest one at or before `now`. */
export function demoAnchor(now: number): number {
  const sixteen = beijingMidnight(now) + 16 * 3_600_000;
  return sixteen <= now ? sixteen : sixteen - DAY_MS;
}

/** `YYYY-MM` of the Beijing month `offset` months from the month of `ms`. */
export function monthOf(ms: number, offset = 0): string {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
  return `${m.getUTCFullYear()}-${pad(m.getUTCMonth() + 1)}`;
}

/** Whole months from the Beijing month of `from` to that of `to`. */
export function monthsBetween(from: number, to: number): number {
  const a = new Date(from + BEIJING_OFFSET_MS);
  const b = new Date(to + BEIJING_OFFSET_MS);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}
