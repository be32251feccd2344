import type { SignupNotice } from '../contracts/page-data/campaign.ts';
/**
 * Campaign rules shared by the gateway, the loaders and the pages (issue 19, SPEC 2.3, 7.8): the ten activity template
 * kinds of /huodong/{template}/{id?}, what each is called, an activity's state from its dates, the countdown text, the
 * sign-up phone rule and the list tails of /newActivity/*.
 */

export const ACTIVITY_KINDS = [
  'ershoufang',
  'muban1',
  'muban2',
  'muban3',
  'muban4',
  'tejiafang',
  'xinfang',
  'yellow',
  'youhuihuodong',
  'zufang',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const isActivityKind = (v: unknown): v is ActivityKind => typeof v === 'string' && (ACTIVITY_KINDS as readonly string[]).includes(v);

/** The tab name of each kind on /newActivity. */
export const ACTIVITY_KIND_NAMES: Readonly<Record<ActivityKind, string>> = {
  xinfang: '新房购房节',
  ershoufang: '二手好房',
  zufang: '租房季',
  tejiafang: '特价房',
  yellow: '限时秒杀',
  youhuihuodong: '优惠券',
  muban1: '看房团',
  muban2: '认购抽奖',
  muban3: '品牌专场',
  muban4: '开盘认筹',
};

export type ActivityState = 'running' | 'ended' | 'upcoming';
export const ACTIVITY_STATE_NAMES: Readonly<Record<ActivityState, string>> = { running: '进行中', ended: '已结束', upcoming: '未开始' };

/** A mainland mobile number: 11 digits starting 13–19. */
export const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
export const SIGNUP_NAME_MAX = 20;

/** What a sign-up says, by its notice: the page for a `?signup=` notice and the action's answers read the same words. */
export const SIGNUP_NOTICES: Readonly<Record<SignupNotice, string>> = {
  ok: '报名成功，顾问将尽快与您联系',
  dup: '您已报名过本活动，无需重复提交，顾问将尽快与您联系',
  ended: '活动已结束，无法报名',
  phone: '请输入正确的11位手机号',
  name: `请填写姓名（1-${SIGNUP_NAME_MAX}个字）`,
  full: '本场看房团已满员，请选择其他场次',
  busy: '服务繁忙，请稍后再试',
};

/** Times are Beijing wall-clock `YYYY-MM-DD HH:MM:SS` (as the gateway answers them). */
export function parseBeijing(s: string): number {
  return Date.parse(`${s.replace(' ', 'T')}+08:00`);
}

export function activityState(startsAt: string, endsAt: string, now = Date.now()): ActivityState {
  if (now >= parseBeijing(endsAt)) return 'ended';
  if (now < parseBeijing(startsAt)) return 'upcoming';
  return 'running';
}

/** `12天 05:03:09` (or `05:03:09` under a day) until `endMs`; `00:00:00` once past. */
export function countdownText(endMs: number, now = Date.now()): string {
  const left = Math.max(0, Math.floor((endMs - now) / 1000));
  const d = Math.floor(left / 86_400);
  const p = (n: number) => String(n).padStart(2, '0');
  const hms = `${p(Math.floor((left % 86_400) / 3600))}:${p(Math.floor((left % 3600) / 60))}:${p(left % 60)}`;
  return d > 0 ? `${d}天 ${hms}` : hms;
}

/** `2026年12月20日 18:00`: a deadline as people read it. */
export function deadlineText(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/.exec(s);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日 ${m[4]}:${m[5]}` : s;
}

/** `12月20日`: a short date. */
export function shortDate(s: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})/.exec(s);
  return m ? `${Number(m[1])}月${Number(m[2])}日` : s;
}

/** The tail of /newActivity/*: `''`, `{state}`, `{state}/p{n}`, `{kind}`, `{kind}/p{n}`, `p{n}`, or `{id}.html`. */
export type NewActivityTail =
  | { kind: 'list'; state: ActivityState | null; template: ActivityKind | null; page: number }
  | { kind: 'detail'; id: number };

export const NEW_ACTIVITY_STATES: Readonly<Record<string, ActivityState>> = { jinxing: 'running', jieshu: 'ended' };

export function parseNewActivityTail(tail: string | undefined): NewActivityTail | null {
  const t = (tail ?? '').replace(/\/+$/, '');
  if (t === '') return { kind: 'list', state: null, template: null, page: 1 };
  const detail = /^([1-9]\d{0,8})\.html$/.exec(t);
  if (detail) return { kind: 'detail', id: Number(detail[1]) };
  const parts = t.split('/');
  if (parts.length > 2) return null;
  let state: ActivityState | null = null;
  let template: ActivityKind | null = null;
  let page = 1;
  const [first, second] = parts;
  const pageOf = (s: string) => (/^p([1-9]\d{0,3})$/.exec(s) ? Number(s.slice(1)) : null);
  if (first && NEW_ACTIVITY_STATES[first]) state = NEW_ACTIVITY_STATES[first] ?? null;
  else if (isActivityKind(first)) template = first;
  else if (first && pageOf(first) && second === undefined) return { kind: 'list', state, template, page: pageOf(first) as number };
  else return null;
  if (second !== undefined) {
    const p = pageOf(second);
    if (!p) return null;
    page = p;
  }
  return { kind: 'list', state, template, page };
}

/** The path of a list tab and page (the inverse of parseNewActivityTail). */
export function newActivityPath(f: { state?: ActivityState | null; template?: ActivityKind | null; page?: number }): string {
  const key = f.state ? Object.entries(NEW_ACTIVITY_STATES).find(([, v]) => v === f.state)?.[0] : (f.template ?? '');
  const base = `/newActivity/${key ? `${key}/` : ''}`;
  return f.page && f.page > 1 ? `${base}p${f.page}` : base;
}

export const huodongPath = (kind: ActivityKind, id: number) => `/huodong/${kind}/${id}`;
