import type { RateLimitRule } from '../registry/types.ts';
import type { SharedStore } from '../shared-store.ts';
import { ActionRefusal } from './types.ts';

/**
 * The home of every request limit (issue 33): the named windows of registry.json's site.rateLimits, applied by an
 * action's `rate-limit:<name>` middleware, and the login throttle of password sign-ins. Both count in the shared store,
 * so two portals with one Redis count together.
 */

export const TOO_MANY = '操作过于频繁，请稍后再试';

/** 每分钟, 每小时, 每天, else 每N秒: the window as a sentence says it. */
export function perWindow(seconds: number): string {
  if (seconds === 60) return '每分钟';
  if (seconds === 3600) return '每小时';
  if (seconds === 86400) return '每天';
  if (seconds % 3600 === 0) return `每${seconds / 3600}小时`;
  if (seconds % 60 === 0) return `每${seconds / 60}分钟`;
  return `每${seconds}秒`;
}

export const limitMessage = (rule: RateLimitRule) =>
  (rule.message ?? TOO_MANY).replaceAll('{max}', String(rule.max)).replaceAll('{per}', perWindow(rule.windowSeconds));

/** What a limit counts by, from the request: `ip`, `member`, `agent`, `body:<field>` (the normalised value). */
export interface LimitSubject {
  ip: string;
  member: string;
  agent: string;
  body: Record<string, unknown>;
}

function keyPart(by: string, s: LimitSubject): string {
  if (by === 'ip') return `ip=${s.ip}`;
  // A visitor has no member or agent id: their address stands in, so a limit by member still holds for them.
  if (by === 'member') return s.member ? `m=${s.member}` : `ip=${s.ip}`;
  if (by === 'agent') return s.agent ? `a=${s.agent}` : `ip=${s.ip}`;
  const field = by.slice('body:'.length);
  const value = s.body[field];
  return `${field}=${typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 200) : ''}`;
}

/** One more post under the limit `name`: null while within it, else the 429 refusal with its Retry-After. */
export async function spend(store: SharedStore, name: string, rule: RateLimitRule, subject: LimitSubject): Promise<ActionRefusal | null> {
  const key = `rl:${name}:${rule.by.map((by) => keyPart(by, subject)).join('|')}`;
  const { count, resetInMs } = await store.hit(key, rule.windowSeconds * 1000);
  if (count <= rule.max) return null;
  return new ActionRefusal(null, limitMessage(rule), 429, { retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) });
}

/** Wrong passwords allowed before each further try must wait, and the first and longest waits. */
export const THROTTLE = { free: 5, firstWaitSeconds: 30, maxWaitSeconds: 15 * 60, windowSeconds: 24 * 3600 } as const;

/** The wait after `fails` wrong passwords: none up to `free`, then 30 s doubling with each one, at most 15 minutes. */
export function throttleWaitSeconds(fails: number): number {
  if (fails < THROTTLE.free) return 0;
  return Math.min(THROTTLE.firstWaitSeconds * 2 ** (fails - THROTTLE.free), THROTTLE.maxWaitSeconds);
}

const waitWords = (seconds: number) => (seconds >= 60 ? `${Math.ceil(seconds / 60)}分钟` : `${seconds}秒`);

/**
 * Password sign-ins (members and agents; issue 33): wrong passwords are counted per account AND client address, and
 * each one past the fifth makes the next try wait longer (30 s, 1 min, 2 min … 15 min). Nobody can lock an account out
 * from another address, and a guesser from one address gets a handful of tries an hour.
 */
export function loginThrottle(store: SharedStore, what: 'member' | 'agent', now: () => number = Date.now) {
  const failsKey = (account: string, ip: string) => `lt:${what}:${account}|${ip}`;
  const untilKey = (account: string, ip: string) => `lt-until:${what}:${account}|${ip}`;
  return {
    /** Null when this try may go on; else the refusal that says how long to wait. */
    async check(account: string, ip: string, otherWay: string): Promise<ActionRefusal | null> {
      const until = Number((await store.get(untilKey(account, ip))) ?? 0);
      const left = Math.ceil((until - now()) / 1000);
      if (left <= 0) return null;
      return new ActionRefusal('password', `密码错误次数较多，请${waitWords(left)}后再试${otherWay}`, 429, { retryAfterSeconds: left });
    },
    /** A wrong password: counted; the wait it imposes on the next try (0 while within the free tries). */
    async failed(account: string, ip: string): Promise<number> {
      const { count } = await store.hit(failsKey(account, ip), THROTTLE.windowSeconds * 1000);
      const wait = throttleWaitSeconds(count);
      if (wait > 0) await store.put(untilKey(account, ip), String(now() + wait * 1000), wait * 1000);
      return wait;
    },
    async succeeded(account: string, ip: string): Promise<void> {
      await Promise.all([store.forget(failsKey(account, ip)), store.forget(untilKey(account, ip))]);
    },
  };
}
