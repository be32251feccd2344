/**
 * SPEC 9 "Message time labels": how old a chat message is, as /im/list and the conversation show it. Pure; the clock
 * is an argument. Days are Beijing calendar days (UTC+8, no daylight saving), as the gateway stores its times.
 *
 * | age                       | label                        |
 * | under 1 min (or future)   | 刚刚                          |
 * | under 1 h                 | N分钟前                       |
 * | same day                  | N小时前                       |
 * | the day before            | 昨天 HH:mm                    |
 * | two days before           | 2天前                         |
 * | otherwise                 | YYYY-MM-DD HH:mm (short mode: YYYY-MM-DD) |
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beijing is UTC+8 all year. */
const BEIJING_OFFSET = 8 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/** The Beijing calendar day number of an instant (days since 1970-01-01 in Beijing). */
const beijingDay = (t: number) => Math.floor((t + BEIJING_OFFSET) / DAY);

/** `YYYY-MM-DD` and `HH:mm` of an instant in Beijing. */
export function beijingParts(t: number): { date: string; time: string } {
  const d = new Date(t + BEIJING_OFFSET);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

export interface TimeLabelOptions {
  /** The list's short mode: an old message shows its date only. */
  short?: boolean;
}

/** The SPEC 9 label of a message sent at `time` (epoch ms), seen at `now` (epoch ms). */
export function timeLabel(time: number, now: number, opts: TimeLabelOptions = {}): string {
  if (!Number.isFinite(time) || !Number.isFinite(now)) return '';
  const age = now - time;
  if (age < MINUTE) return '刚刚';
  if (age < HOUR) return `${Math.floor(age / MINUTE)}分钟前`;
  const days = beijingDay(now) - beijingDay(time);
  if (days === 0) return `${Math.floor(age / HOUR)}小时前`;
  const { date, time: hm } = beijingParts(time);
  if (days === 1) return `昨天 ${hm}`;
  if (days === 2) return '2天前';
  return opts.short ? date : `${date} ${hm}`;
}

/** Beyond this many days a listing's label gives its date. */
const LISTED_DAYS = 30;

/**
 * When a listing was put up, in SPEC 9's day steps (issue 31): 今天上架, 昨天上架, N天前上架 up to a month, then the
 * date. Beijing calendar days; `now` is when the page was loaded. Empty when the time is not a gateway time.
 */
export function listedLabel(createdAt: string | null | undefined, now: number): string {
  const when = listedWhen(createdAt, now);
  return when ? `${when}上架` : '';
}

/** The day part of `listedLabel` (今天, 昨天, 3天前, 2026-09-01): a detail's 上架 fact. */
export function listedWhen(createdAt: string | null | undefined, now: number): string {
  const time = gatewayTime(createdAt);
  if (!Number.isFinite(time) || !Number.isFinite(now)) return '';
  const days = Math.max(0, beijingDay(now) - beijingDay(time));
  if (days === 0) return '今天';
  if (days === 1) return '昨天';
  if (days <= LISTED_DAYS) return `${days}天前`;
  return beijingParts(time).date;
}

/** The Beijing calendar day of an instant: what a day-step label depends on (a markup memo's key). */
export const beijingDayOf = beijingDay;

/** A gateway time (`YYYY-MM-DD HH:MM:SS`, Beijing wall clock) as epoch ms; NaN when it is not one. */
export function gatewayTime(s: string | null | undefined): number {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(s)) return Number.NaN;
  return Date.parse(`${s.replace(' ', 'T')}${s.length === 16 ? ':00' : ''}+08:00`);
}

/** Messages further apart than this get a time separator between them in the conversation. */
export const SEPARATOR_GAP_MS = 5 * MINUTE;

/** Whether a separator goes before a message sent at `time` after one sent at `previous` (none before the first one: it always gets one). */
export function needsSeparator(previous: number | null, time: number): boolean {
  return previous === null || time - previous > SEPARATOR_GAP_MS;
}
