import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import Database from '../../src/backend/sqlite-driver.ts';
import { startBackend } from '../../src/backend/start.ts';
import { beijingMidnight } from '../../src/backend/time.ts';
import { seededDataDir } from '../helpers/backend.ts';
import { buildTestApp, type TestApp } from '../helpers/build.ts';

/** A clock the embedded gateway's account rules read (SMS windows, login locks): tests move it, nobody sleeps. */
export interface Clock {
  ms: number;
  advance(ms: number): void;
}

export interface AccountRig {
  portal: TestApp;
  backendUrl: string;
  dataDir: string;
  clock: Clock;
  /** The portal's log lines (JSON) and the gateway's. */
  portalLog: string[];
  gatewayLog: string[];
  /** The last SMS code the gateway issued for this phone and purpose (read from its database). */
  codeOf(phone: string, purpose?: 'login' | 'register' | 'reset'): string;
  /** A POST to the portal as JSON (fetch) or as a plain form (no JavaScript). */
  post(
    url: string,
    body: Record<string, string | number | boolean>,
    opts?: { form?: boolean; headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<LightMyRequestResponse>;
  /** Register a member through the portal (asks the code, reads it, posts the form); returns the login cookie. */
  register(phone: string, password?: string): Promise<string>;
}

/** The `name=value` of the Set-Cookie the answer carries for `name`, or null. */
export function cookieFrom(res: LightMyRequestResponse, name = 'userInfo'): string | null {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${c.name}=${c.value}` : null;
}

/** The portal over its own embedded gateway with a settable clock; logs of both are kept. Closed when `t` ends. */
export async function accountRig(
  t: { teardown(fn: () => unknown): void },
  opts: { limits?: number; mobileHost?: string } = {},
): Promise<AccountRig> {
  const clock: Clock = {
    // Noon in Beijing of today: the steps of a test (about half an hour) never cross midnight, when the daily counts
    // start again, whatever time the suite runs at.
    ms: beijingMidnight(Date.now()) + 12 * 3_600_000,
    advance(ms) {
      this.ms += ms;
    },
  };
  const gatewayLog: string[] = [];
  const dataDir = await seededDataDir();
  const backend = await startBackend({
    dataDir,
    now: () => clock.ms,
    logger: { level: 'info', stream: { write: (line: string) => void gatewayLog.push(line) } },
  });
  const portalLog: string[] = [];
  const portal = await buildTestApp({
    gatewayUrl: backend.url,
    logLines: portalLog,
    // The portal's limits and login throttle read the same clock.
    now: () => clock.ms,
    // Every limit raised to `limits` (registry.json's site.rateLimits), for tests that post a lot.
    editRegistry: (r) => {
      if (opts.limits) for (const rule of Object.values(r.site.rateLimits)) rule.max = opts.limits;
      if (opts.mobileHost) r.site.mobileHost = opts.mobileHost;
    },
  });
  t.teardown(async () => {
    await portal.close();
    await backend.close();
  });
  const codeOf = (phone: string, purpose = 'register') => {
    const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
    try {
      return db.prepare('SELECT code FROM sms_code WHERE phone = ? AND purpose = ? ORDER BY id DESC').pluck().get(phone, purpose) as string;
    } finally {
      db.close();
    }
  };
  const post: AccountRig['post'] = (url, body, opts = {}) =>
    portal.app.inject({
      method: 'POST',
      url,
      ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      headers: opts.form
        ? { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...opts.headers }
        : { 'content-type': 'application/json', accept: 'application/json', ...opts.headers },
      payload: opts.form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : body,
    });
  const register = async (phone: string, password = 'secret123') => {
    const sms = await post('/-/account/sms', { phone, purpose: 'register' });
    if (sms.statusCode !== 200) throw new Error(`sms for ${phone}: ${sms.body}`);
    const res = await post('/-/account/register', { phone, code: codeOf(phone, 'register'), password, agree: true });
    const cookie = cookieFrom(res);
    if (res.statusCode !== 200 || !cookie) throw new Error(`register ${phone}: ${res.statusCode} ${res.body}`);
    return cookie;
  };
  return { portal, backendUrl: backend.url, dataDir, clock, portalLog, gatewayLog, codeOf, post, register };
}

/** The serialized state of a page (window.__STATE__-like script), parsed. */
export { stateOf } from '../helpers/state.ts';
