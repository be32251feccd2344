import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import Database from '../src/backend/sqlite-driver.ts';
import { childPids, freePort } from './bench/procs.ts';
import { type RedisServer, startRedis } from './redis.ts';

/**
 * `npx tsx scripts/issue33-probe.ts` (issue 33): reruns the issue's probes against real processes and prints each
 * figure as one line `probe: <name>: <figures>`. Run `npm run build` first: the script starts the BUILT portal
 * (`node dist/server/server.js`, NODE_ENV=production) and does not build it.
 *
 * One portal (WEB_CONCURRENCY=1, TRUST_PROXY=127.0.0.1 so each probe can speak from its own client address through
 * X-Forwarded-For, HEADERS_TIMEOUT_MS=10000, ADMIN_TOKEN set) with its embedded gateway serves most probes; a fresh
 * DATA_DIR is seeded at its first start. Probes that need another process start it with GATEWAY_URL pointing at that
 * gateway (one SQLite writer): the degraded home (through a proxy the script can switch to failing), the Redis outage
 * (with a redis-server of scripts/redis.ts), TRUST_PROXY=1 and the cluster's restart delays (WEB_CONCURRENCY=2).
 * Every probe is independent: a failure prints `probe: <name>: FAILED <reason>` and the next one runs. Every process
 * started here is stopped at the end.
 *
 * Environment: PROBES=1,2,9 runs a subset (numbers as below; 3b is the TRUST_PROXY=1 variant of 3); PROBE_DATA_DIR
 * reuses a data directory (kept afterwards; otherwise a temp dir is made and removed); SEARCH_REQUESTS (7500).
 * It takes about five minutes, most of it the search floods (9), the Redis outage (14: Redis is stopped and started
 * again on the same port with scripts/redis.ts) and the restart delays (15).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_JS = path.join(ROOT, 'dist/server/server.js');
const ADMIN_TOKEN = 'issue33-probe-admin-token-0123456789abcdef';
const PASSWORD = 'Probe33pass';
const NEW_PASSWORD = 'Probe33pass2';
const AGENT = { account: 'b100001', password: 'Agent@2026' };
const BRAND = '湘房网';
const SEARCH_REQUESTS = Number(process.env.SEARCH_REQUESTS ?? 7500);
/** A 1×1 PNG: the smallest picture the gateway's image check accepts. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const out = (name: string, figures: string) => process.stdout.write(`probe: ${name}: ${figures}\n`);
const short = (s: string, max = 60) => (s.length > max ? `${s.slice(0, max)}…` : s);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------------------------
// Processes: a portal started from dist/, its pino log read line by line
// ---------------------------------------------------------------------------------------------------------------

/** One pino line of a portal's stdout (request lines are counted, not kept). */
interface LogLine {
  level: number;
  msg: string;
  pid?: number;
  [key: string]: unknown;
}

interface Portal {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** Every log line but the per-request ones, in order. */
  logs: LogLine[];
  stderr(): string;
  /** The embedded gateway's URL, when this process runs it. */
  gatewayUrl?: string;
  stop(): Promise<void>;
}

const REQUEST_LINES = new Set(['incoming request', 'request completed']);

function readLog(child: ChildProcess, logs: LogLine[]): void {
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const parsed = JSON.parse(line) as LogLine;
        // The level ≥ 40 request lines stay: a warn or error is what some probes count.
        if (!REQUEST_LINES.has(parsed.msg) || parsed.level >= 40) logs.push(parsed);
      } catch {
        // not a log line
      }
    }
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const done = await Promise.race([exited(child).then(() => true), sleep(15_000).then(() => false)]);
  if (!done) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** Every process started here, stopped at the end whatever happened. */
const running = new Set<{ stop(): Promise<void> }>();

/** Starts `node dist/server/server.js` with `env` on a free loopback port; resolves once `readyPath` answers 200. */
async function startPortal(name: string, dataDir: string, env: Record<string, string>, readyPath = '/'): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      // Other people edit registry.json while this runs: one registry for the whole run.
      REGISTRY_WATCH: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  readLog(child, logs);
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-20_000);
  });
  const portal: Portal = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    logs,
    stderr: () => stderr,
    stop: async () => {
      running.delete(portal);
      await stopChild(child);
    },
  };
  running.add(portal);
  const until = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${short(stderr, 400)}`);
    if (Date.now() > until) throw new Error(`${name} did not answer ${readyPath} within 240 s`);
    const answer = await request(portal, 'GET', readyPath, { timeoutMs: 10_000 }).catch(() => null);
    if (answer?.status === 200) break;
    await sleep(500);
  }
  portal.gatewayUrl = logs.find((l) => typeof l.gatewayUrl === 'string')?.gatewayUrl as string | undefined;
  return portal;
}

/** Resolves with the first log line from `from` on that `match` accepts. */
async function waitForLog(p: Portal, match: (l: LogLine) => boolean, from = 0, timeoutMs = 30_000): Promise<LogLine> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = p.logs.slice(from).find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error(`${p.name}: no such log line within ${seconds(timeoutMs)}`);
    await sleep(20);
  }
}

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  if (!m) throw new Error(`no VmRSS for ${pid}`);
  return Math.round(Number(m[1]) / 1024);
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP: one request helper with the raw answer; cookies; multipart
// ---------------------------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Set-Cookie values by name (a cleared cookie is ''). */
  cookies: Record<string, string>;
  ms: number;
}

interface RequestOptions {
  json?: unknown;
  /** An urlencoded body, as written. */
  form?: string;
  multipart?: { body: Buffer; contentType: string };
  cookie?: string;
  /** The client address this request claims (believed: the portal trusts 127.0.0.1 as its proxy). */
  xff?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

function request(p: { base: string }, method: string, urlPath: string, opts: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json, text/html', ...opts.headers };
  let body: Buffer | undefined;
  if (opts.json !== undefined) {
    body = Buffer.from(JSON.stringify(opts.json));
    headers['content-type'] = 'application/json';
  } else if (opts.form !== undefined) {
    body = Buffer.from(opts.form);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (opts.multipart) {
    body = opts.multipart.body;
    headers['content-type'] = opts.multipart.contentType;
  }
  if (body) headers['content-length'] = String(body.length);
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.xff) headers['x-forwarded-for'] = opts.xff;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${p.base}${urlPath}`, { method, headers, timeout: opts.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const cookies: Record<string, string> = {};
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const eq = (pair as string).indexOf('=');
          cookies[(pair as string).slice(0, eq)] = (pair as string).slice(eq + 1);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          cookies,
          ms: performance.now() - started,
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${opts.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The JSON answer's message (actions answer `{status, message, …}`), else the start of the body. */
function messageOf(a: Answer): string {
  try {
    const parsed = JSON.parse(a.body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON
  }
  return short(a.body.replace(/\s+/g, ' '), 40);
}

const statusAndMessage = (a: Answer) => `${a.status} ${messageOf(a)}`;

/** `{200: 3, 429: 1}` as `200×3 429×1`. */
function histogram(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}

/** Equal strings counted: `200×18 429 操作过于频繁×2`. */
function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].map(([v, n]) => `${v}×${n}`).join(', ');
}

function multipartFile(field: string, filename: string, mime: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----probe33${randomInt(1e9)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Runs `fn(i)` for i < count with at most `concurrency` at once. */
async function pool<T>(count: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await fn(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// The database (read-only) and members registered through the real endpoints
// ---------------------------------------------------------------------------------------------------------------

type Db = InstanceType<typeof Database>;

function openDb(dataDir: string): Db {
  return new Database(path.join(dataDir, 'portal.db'), { readonly: true, fileMustExist: true });
}

const one = <T>(db: Db, sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T | undefined;

/** A mainland mobile number no member and no code has used yet. */
function freshPhone(db: Db): string {
  for (;;) {
    const phone = `139${String(randomInt(1e8)).padStart(8, '0')}`;
    if (!one(db, 'SELECT 1 AS x FROM member WHERE phone = ?', phone) && !one(db, 'SELECT 1 AS x FROM sms_code WHERE phone = ?', phone))
      return phone;
  }
}

/** The newest SMS code the gateway stored for a phone and purpose. */
function smsCode(db: Db, phone: string, purpose: string): string {
  const row = one<{ code: string }>(
    db,
    'SELECT code FROM sms_code WHERE phone = ? AND purpose = ? ORDER BY id DESC LIMIT 1',
    phone,
    purpose,
  );
  if (!row?.code) throw new Error(`no ${purpose} SMS code stored for ${phone}`);
  return row.code;
}

interface Member {
  phone: string;
  password: string;
  /** `userInfo=<signed value>`, ready for a Cookie header. */
  cookie: string;
  uid: string;
  userId: string;
}

const userCookie = (a: Answer) => (a.cookies.userInfo ? `userInfo=${a.cookies.userInfo}` : '');

/** Registers a new member as a browser would: SMS code (read from the gateway's table), then the register form. */
async function registerMember(p: Portal, db: Db, xff: string): Promise<Member> {
  const phone = freshPhone(db);
  const sms = await request(p, 'POST', '/-/account/sms', { json: { phone, purpose: 'register' }, xff });
  if (sms.status !== 200) throw new Error(`register SMS: ${statusAndMessage(sms)}`);
  const code = smsCode(db, phone, 'register');
  const reg = await request(p, 'POST', '/-/account/register', { json: { phone, code, password: PASSWORD, agree: true }, xff });
  const cookie = userCookie(reg);
  if (reg.status !== 200 || !cookie) throw new Error(`register: ${statusAndMessage(reg)}`);
  const row = one<{ id: number; uid: string }>(db, 'SELECT id, uid FROM member WHERE phone = ?', phone);
  if (!row) throw new Error(`member ${phone} not in the database after registering`);
  return { phone, password: PASSWORD, cookie, uid: row.uid, userId: String(row.id) };
}

async function login(p: Portal, phone: string, password: string, xff: string): Promise<Answer> {
  return request(p, 'POST', '/-/account/login', { json: { mode: 'password', phone, password }, xff });
}

/** A client address of its own for each probe (the portal counts limits per address). */
const address = (probe: number, n = 1) => `10.33.${probe}.${n}`;

// ---------------------------------------------------------------------------------------------------------------
// The probes
// ---------------------------------------------------------------------------------------------------------------

interface Ctx {
  dataDir: string;
  portal: Portal;
  db: Db;
}

/** Where a copied member cookie gets: the member page and the chat's unread count. */
async function memberReach(p: Portal, cookie: string): Promise<string> {
  const page = await request(p, 'GET', '/personalcenter', { cookie, headers: { accept: 'text/html' } });
  const unread = await request(p, 'GET', '/-/chat/unread', { cookie });
  const to = page.headers.location ? ` → ${page.headers.location.replace(p.base, '')}` : '';
  return `/personalcenter ${page.status}${to}, /-/chat/unread ${unread.status}`;
}

/** 1. A copied cookie after logout and after a password change; are two logins' cookies the same? */
async function probeSessions({ portal, db }: Ctx): Promise<void> {
  const xff = address(1);
  const m = await registerMember(portal, db, xff);
  const second = await login(portal, m.phone, m.password, xff);
  out('sessions', `registered member ${m.userId}; with the register cookie: ${await memberReach(portal, m.cookie)}`);
  const copied = m.cookie;
  const logout = await request(portal, 'POST', '/-/account/logout', { json: {}, cookie: m.cookie, xff });
  out('sessions', `logout ${logout.status}; the copied cookie after logout: ${await memberReach(portal, copied)} (expected 302, 401)`);

  // Two more logins: B stays on another "device", C changes the password.
  const b = userCookie(await login(portal, m.phone, m.password, xff));
  const c = userCookie(await login(portal, m.phone, m.password, xff));
  if (!b || !c) throw new Error('second logins gave no cookie');
  const change = await request(portal, 'POST', '/-/account/password', {
    json: { oldPassword: m.password, password: NEW_PASSWORD },
    cookie: c,
    xff,
  });
  const fresh = userCookie(change);
  out(
    'sessions-password-change',
    `change ${statusAndMessage(change)}; other login's copied cookie: ${await memberReach(portal, b)}; ` +
      `the changing login's old cookie: ${await memberReach(portal, c)} (expected 302, 401 for both); its new cookie: ${fresh ? await memberReach(portal, fresh) : 'none set'}`,
  );
  const first = userCookie(second);
  out(
    'sessions-cookies',
    `two logins of one member give byte-identical cookies: ${first === b ? 'YES' : 'no'} (${first.length} and ${b.length} bytes)`,
  );
}

/** 2. One phone spelled four ways: what the SMS endpoint answers, and when the per-phone limit says 429. */
async function probePaddedPhones({ portal, db }: Ctx): Promise<void> {
  const phone = freshPhone(db);
  const other = freshPhone(db);
  const enc = encodeURIComponent;
  const spellings: Array<[label: string, form: string]> = [
    ["'139…'", `phone=${enc(phone)}&purpose=register`],
    ["' 139…'", `phone=${enc(` ${phone}`)}&purpose=register`],
    ["'\\t139…'", `phone=${enc(`\t${phone}`)}&purpose=register`],
    ['phone=a&phone=b', `phone=${enc(phone)}&phone=${enc(other)}&purpose=register`],
  ];
  // Then the plain spelling again until the per-phone limit (registry sms-phone) answers.
  for (let i = 0; i < 8; i++) spellings.push([`'139…' again`, `phone=${enc(phone)}&purpose=register`]);
  const answers: string[] = [];
  let accepted = 0;
  let limitAt = 0;
  for (const [i, [label, form]] of spellings.entries()) {
    // Each from another address: only the per-phone count can hold them.
    const a = await request(portal, 'POST', '/-/account/sms', { form, xff: address(2, i + 1), headers: { accept: 'application/json' } });
    answers.push(`#${i + 1} ${label} ${statusAndMessage(a)}`);
    if (a.status === 200 && !limitAt) accepted++;
    // The portal's own limit (site.rateLimits sms-phone) is 操作过于频繁; the gateway's one-a-minute is 验证码发送过于频繁.
    if (a.status === 429 && !messageOf(a).includes('验证码')) {
      limitAt = i + 1;
      break;
    }
  }
  out('padded-phones', answers.join(' | '));
  const codes = one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM sms_code WHERE phone IN (?, ?)', phone, other)?.n ?? 0;
  out(
    'padded-phones',
    `200 answers before the per-phone 429: ${accepted}; per-phone 429 at request ${limitAt ? `#${limitAt}` : 'never (within 12)'}; codes the gateway stored for the phone: ${codes}`,
  );
}

/** Five wrong passwords, then the right one from the same and from another address. */
async function throttleRun(p: Portal, db: Db, from: string, elsewhere: string): Promise<{ wrong: string[]; same: string; other: Answer }> {
  const m = await registerMember(p, db, from);
  const wrong: string[] = [];
  for (let i = 0; i < 5; i++) wrong.push(statusAndMessage(await login(p, m.phone, 'Wrong0pass', from)));
  const same = statusAndMessage(await login(p, m.phone, m.password, from));
  const other = await login(p, m.phone, m.password, elsewhere);
  return { wrong, same, other };
}

/** 3. The password throttle: per phone AND address. */
async function probePasswordThrottle({ portal, db }: Ctx): Promise<void> {
  const r = await throttleRun(portal, db, address(3, 1), address(3, 2));
  out('password-throttle', `5 wrong: ${r.wrong.join(' | ')}`);
  out('password-throttle', `right password, same address: ${r.same}`);
  out(
    'password-throttle',
    `right password, another address (X-Forwarded-For, TRUST_PROXY=127.0.0.1): ${statusAndMessage(r.other)} → another address signs in: ${r.other.status === 200 ? 'yes' : 'NO'}`,
  );
}

/**
 * 3b. TRUST_PROXY=1, as an operator might set it thinking "one proxy hop": Fastify would read it as the address
 * 0.0.0.1 and trust nobody, so the portal refuses to start with it (src/config.ts); the probe says which happened.
 */
async function probeTrustProxyOne(ctx: Ctx): Promise<void> {
  let p: Portal;
  try {
    p = await startPortal('portal TRUST_PROXY=1', ctx.dataDir, {
      WEB_CONCURRENCY: '1',
      TRUST_PROXY: '1',
      GATEWAY_URL: ctx.portal.gatewayUrl as string,
    });
  } catch (err) {
    const said = /TRUST_PROXY must[^"\n]*/.exec(String((err as Error).message))?.[0] ?? (err as Error).message.slice(0, 160);
    out('password-throttle-trust-proxy-1', `the portal refuses to start: ${said}`);
    return;
  }
  try {
    const r = await throttleRun(p, ctx.db, address(31, 1), address(31, 2));
    out(
      'password-throttle-trust-proxy-1',
      `portal started; after 5 wrong the right password from another X-Forwarded-For address: ${statusAndMessage(r.other)} → X-Forwarded-For believed: ${r.other.status === 200 ? 'yes' : 'NO'}`,
    );
  } finally {
    await p.stop();
  }
}

/** A WebSocket and every frame it received, parsed. */
async function openChatSocket(url: string, cookie: string): Promise<{ ws: WebSocket; frames: Array<Record<string, unknown>> }> {
  const ws = new WebSocket(url, { headers: { cookie } });
  const frames: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => {
    try {
      frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
    } catch {
      frames.push({ raw: data.toString() });
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`chat socket refused: HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, frames };
}

async function frameFor(
  frames: Array<Record<string, unknown>>,
  clientId: string,
  timeoutMs = 5000,
): Promise<Record<string, unknown> | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const f = frames.find((x) => x.clientId === clientId && x.t !== 'message');
    if (f) return f;
    await sleep(20);
  }
  return null;
}

const frameText = (f: Record<string, unknown> | null) =>
  f
    ? `${f.t}${f.code !== undefined ? ` ${f.code}` : ''}${f.message && typeof f.message === 'string' ? ` ${f.message}` : ''}`
    : 'no answer in 5 s';

/** 4. An agent writes to a member who never wrote to it, and to a made-up id; a signed-out agent's copied cookie. */
async function probeAgentChat({ portal, db }: Ctx): Promise<void> {
  const xff = address(4);
  const member = await registerMember(portal, db, xff);
  const signIn = await request(portal, 'POST', '/-/agent/login', { json: AGENT, xff });
  const agentCookie = signIn.cookies.agentInfo ? `agentInfo=${signIn.cookies.agentInfo}` : '';
  if (signIn.status !== 200 || !agentCookie) throw new Error(`agent sign-in: ${statusAndMessage(signIn)}`);
  const { ws, frames } = await openChatSocket(`ws://127.0.0.1:${portal.port}/-/agent/chat/ws`, agentCookie);
  try {
    const ready = await (async () => {
      for (let i = 0; i < 250 && !frames.some((f) => f.t === 'ready'); i++) await sleep(20);
      return frames.find((f) => f.t === 'ready');
    })();
    const made = 'probe33-nobody';
    const answers: string[] = [];
    for (const [label, to, clientId] of [
      [`member ${member.uid} (never wrote)`, member.uid, 'p4a'],
      [`made-up id ${made}`, made, 'p4b'],
    ] as const) {
      ws.send(JSON.stringify({ t: 'send', clientId, to, msgType: 'text', content: { text: '您好，这是一条探针消息' } }));
      answers.push(`to ${label}: ${frameText(await frameFor(frames, clientId))}`);
    }
    const saved =
      one<{ n: number }>(
        db,
        'SELECT COUNT(*) AS n FROM chat_record WHERE user_id = ? AND target_id IN (?, ?)',
        AGENT.account,
        member.uid,
        made,
      )?.n ?? 0;
    out(
      'agent-chat',
      `socket ready as ${ready?.userId ?? '?'}; ${answers.join('; ')} (expected error 403); chat_record rows saved: ${saved}`,
    );
  } finally {
    ws.close();
  }
  const before = await request(portal, 'GET', '/agent/inbox', { cookie: agentCookie, headers: { accept: 'text/html' } });
  const signOut = await request(portal, 'POST', '/-/agent/logout', { json: {}, cookie: agentCookie, xff });
  const after = await request(portal, 'GET', '/agent/inbox', { cookie: agentCookie, headers: { accept: 'text/html' } });
  const to = after.headers.location ? ` → ${after.headers.location.replace(portal.base, '')}` : '';
  out(
    'agent-signout',
    `inbox before sign-out ${before.status}; sign-out ${statusAndMessage(signOut)}; the copied cookie on /agent/inbox: ${after.status}${to} (expected 302)`,
  );
}

/** 5. 25 quick reviews of one agent by one member. */
async function probeReviews({ portal, db }: Ctx): Promise<void> {
  const m = await registerMember(portal, db, address(5));
  const agent = one<{ id: number }>(db, 'SELECT id FROM belonger WHERE city_id = 1 ORDER BY id LIMIT 1 OFFSET 3');
  if (!agent) throw new Error('no agent in the belonger table');
  const rows = () => one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM dianping WHERE belonger_id = ?', agent.id)?.n ?? 0;
  const before = rows();
  const answers = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      request(portal, 'POST', '/-/action/dianping', {
        json: { belongerId: agent.id, score: 1, content: `探针评价第${i + 1}条，服务一般` },
        cookie: m.cookie,
        xff: address(5),
      }),
    ),
  );
  out(
    'reviews',
    `25 concurrent posts for agent ${agent.id}: ${histogram(answers.map((a) => a.status))}; rows saved: ${rows() - before} ` +
      `(messages: ${[...new Set(answers.map(statusAndMessage))].join(' | ')})`,
  );
}

/** Posts `make(i)` one after another until a 429 (or `max` posts): how many were answered before it. */
async function burst(name: string, max: number, make: (i: number) => Promise<Answer>): Promise<void> {
  const statuses: number[] = [];
  for (let i = 0; i < max; i++) {
    const a = await make(i);
    if (a.status === 429) {
      out(
        `write-burst ${name}`,
        `${statuses.length} accepted (${histogram(statuses) || 'none'}) before the first 429 (#${i + 1}: ${messageOf(a)})`,
      );
      return;
    }
    statuses.push(a.status);
  }
  out(`write-burst ${name}`, `no 429 in ${max} posts (${histogram(statuses)})`);
}

/** Beijing's wall clock as the seed writes its dates. */
const beijingNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** 6. Every write in a burst until its limit answers 429. */
async function probeWriteBursts({ portal, db }: Ctx): Promise<void> {
  const xff = address(6);
  const m = await registerMember(portal, db, xff);
  const post = (url: string, json: unknown) => request(portal, 'POST', url, { json, cookie: m.cookie, xff });
  const listing = one<{ id: number }>(db, 'SELECT id FROM listing WHERE house_type = 11 AND status = 1 AND city_id = 1 LIMIT 1');
  const doc = one<{ id: number }>(db, 'SELECT id FROM info_doc WHERE city_id = 1 ORDER BY id LIMIT 1');
  const now = beijingNow();
  const activity = one<{ id: number }>(
    db,
    'SELECT id FROM activity WHERE city_id = 1 AND starts_at <= ? AND ends_at > ? LIMIT 1',
    now,
    now,
  );
  if (!listing || !doc || !activity) throw new Error('no listing, article or running activity in the database');
  const signupPhone = freshPhone(db);

  await burst('favourite', 100, (i) =>
    post('/-/action/favourite', { houseId: listing.id, kind: 'ershoufang', op: i % 2 === 0 ? 'add' : 'remove' }),
  );
  await burst('comment', 30, (i) => post('/-/info/comment', { infoDocId: doc.id, content: `探针评论第${i + 1}条，写得不错` }));
  await burst('jubao', 30, (i) => post('/-/action/jubao', { houseId: listing.id, reason: '其他', content: `探针举报第${i + 1}条` }));
  await burst('huodong-signup (one phone)', 60, () =>
    post('/-/huodong/signup', { activityId: activity.id, name: '探针', phone: signupPhone }),
  );
  await burst('chat-image', 60, () =>
    request(portal, 'POST', '/-/chat/image', {
      multipart: multipartFile('file', 'probe.png', 'image/png', PNG_1X1),
      cookie: m.cookie,
      xff,
      headers: { accept: 'application/json' },
    }),
  );
}

/** 7. The valuation result page (a GET) saves nothing; the save action does. */
async function probeValuationGet({ portal, db }: Ctx): Promise<void> {
  const m = await registerMember(portal, db, address(7));
  const xiaoqu = one<{ id: number }>(db, 'SELECT id FROM xiaoqu WHERE city_id = 1 ORDER BY id LIMIT 1');
  if (!xiaoqu) throw new Error('no community in the database');
  const fields = {
    stressId: String(xiaoqu.id),
    area: '89',
    rooms: '2',
    floor: '5',
    totalFloors: '18',
    orientation: '南',
    decoration: '精装',
  };
  const records = () => one<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM valuation WHERE member_id IN (?, ?)', m.uid, m.userId)?.n ?? 0;
  const before = records();
  const page = await request(portal, 'GET', `/fangjia/gjinfo?${new URLSearchParams(fields)}`, {
    cookie: m.cookie,
    headers: { accept: 'text/html' },
  });
  const afterGet = records();
  const save = await request(portal, 'POST', '/-/action/gujia', { json: fields, cookie: m.cookie, xff: address(7) });
  out(
    'valuation-get',
    `records before ${before}, after GET /fangjia/gjinfo (${page.status}) ${afterGet} (expected unchanged); after POST /-/action/gujia (${save.status}) ${records()}`,
  );
}

/** 8. The SMS answer for a member's phone and for a stranger's. */
async function probeSmsAnswers({ portal, db }: Ctx): Promise<void> {
  const m = await registerMember(portal, db, address(8, 1));
  const stranger = freshPhone(db);
  const registered = await request(portal, 'POST', '/-/account/sms', { json: { phone: m.phone, purpose: 'login' }, xff: address(8, 2) });
  const unknown = await request(portal, 'POST', '/-/account/sms', { json: { phone: stranger, purpose: 'login' }, xff: address(8, 3) });
  out('sms-answers', `registered: ${registered.status} ${registered.body}`);
  out('sms-answers', `unregistered: ${unknown.status} ${unknown.body}`);
  out(
    'sms-answers',
    `identical: ${registered.status === unknown.status && registered.body === unknown.body ? 'yes' : 'NO'} (took ${Math.round(registered.ms)} and ${Math.round(unknown.ms)} ms)`,
  );
}

const HANZI = '房屋城市花园小区学校地铁东南西北湖山江河新老大小中心公寓别墅商铺写字楼公园广场天地星月阳光金银华';
function randomKeyword(): string {
  if (randomInt(2) === 0) return Array.from({ length: 2 + randomInt(3) }, () => HANZI[randomInt(HANZI.length)]).join('');
  return Array.from({ length: 3 + randomInt(6) }, () => String.fromCharCode(97 + randomInt(26))).join('');
}

/** The x-cache of a first and a second request for `urlPath` (the first one warms it). */
async function secondLook(p: Portal, urlPath: string): Promise<string> {
  const xCache = (a: Answer) => `${a.status} ${a.headers['x-cache'] ?? '(no x-cache)'}`;
  const first = await request(p, 'GET', urlPath, { headers: { accept: 'text/html' } });
  const again = await request(p, 'GET', urlPath, { headers: { accept: 'text/html' } });
  return `${urlPath} first ${xCache(first)}, second ${xCache(again)}`;
}

/** `count` searches for random keywords, 20 at a time: the status and x-cache of each (`0`: no answer). */
function searchFlood(p: Portal, count: number): Promise<string[]> {
  return pool(count, 20, async () => {
    const a = await request(p, 'GET', `/search?keyword=${encodeURIComponent(randomKeyword())}`, {
      headers: { accept: 'text/html' },
    }).catch(() => null);
    return a ? `${a.status} ${a.headers['x-cache'] ?? '-'}` : '0';
  });
}

/**
 * 9. Thousands of distinct search keywords: memory, and whether the page cache still keeps the main pages. A second
 * flood of the same size says whether memory levels off (the page cache is bounded: registry site.pageCache).
 */
async function probeSearchFlood({ portal }: Ctx): Promise<void> {
  const pid = portal.child.pid as number;
  const pages = ['/', '/ershoufang/', '/xinfang/', '/zixun/'];
  // The main pages are in the page cache before the flood: does the flood push them out?
  for (const urlPath of pages) await request(portal, 'GET', urlPath, { headers: { accept: 'text/html' } });
  const before = rssMb(pid);
  const started = performance.now();
  const answers = await searchFlood(portal, SEARCH_REQUESTS);
  const after = rssMb(pid);
  out(
    'search-flood',
    `${SEARCH_REQUESTS} GET /search?keyword=<random> at concurrency 20 in ${seconds(performance.now() - started)}: ${tally(answers)} (status x-cache); RSS before ${before} MB, after ${after} MB`,
  );
  const looks: string[] = [];
  for (const urlPath of pages) looks.push(await secondLook(portal, urlPath));
  out('search-flood', `after the flood (each page was cached before it; expected HIT on the second): ${looks.join('; ')}`);
  const again = await searchFlood(portal, SEARCH_REQUESTS);
  out(
    'search-flood',
    `another ${SEARCH_REQUESTS} random searches (${tally(again)}): RSS ${rssMb(pid)} MB (after the first flood ${after} MB)`,
  );
}

/** 10. A client that sends its headers a line every 5 s: when is it cut off? */
async function probeSlowSender({ portal }: Ctx): Promise<void> {
  const socket = net.connect({ host: '127.0.0.1', port: portal.port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  const started = performance.now();
  let received = '';
  let sent = 0;
  socket.on('data', (c: Buffer) => {
    received += c.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
  const lines = ['GET / HTTP/1.1\r\n', `Host: 127.0.0.1:${portal.port}\r\n`];
  for (let i = 0; i < 20; i++) lines.push(`X-Slow-${i}: ${'a'.repeat(10)}\r\n`);
  const dripping = (async () => {
    for (const line of lines) {
      if (socket.destroyed || socket.writableEnded) return;
      socket.write(line);
      sent++;
      const stop = await Promise.race([sleep(5000).then(() => false), closed.then(() => true)]);
      if (stop) return;
    }
  })();
  const ms = await Promise.race([closed, sleep(90_000).then(() => -1)]);
  socket.destroy();
  await dripping;
  const statusLine = received.split('\r\n')[0] || '(none)';
  out(
    'slow-sender',
    ms < 0
      ? `still open after 90 s (${sent} header lines sent)`
      : `closed after ${seconds(ms)} (${sent} header lines sent, one every 5 s); status line: ${statusLine} (HEADERS_TIMEOUT_MS=10000)`,
  );
}

/** A gateway in front of `target` that passes calls on, or fails them: all of them, or only the home page's lists. */
function switchableGateway(target: string) {
  let mode: 'pass' | 'fail-all' | 'fail-lists' = 'pass';
  const lists = new Set(['/api/house/search/findByWapConditionData', '/api/house/findWapHotLoupan']);
  const server = http.createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0] as string;
    if (mode === 'fail-all' || (mode === 'fail-lists' && lists.has(urlPath))) {
      req.resume();
      res.writeHead(502, { 'content-type': 'application/json' }).end('{"status":502,"message":"probe: gateway down"}');
      return;
    }
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return {
    server,
    set: (m: typeof mode) => {
      mode = m;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The home page of `host` while the gateway fails (`mode`), then twice once it is back. */
async function degradedRun(p: Portal, gw: ReturnType<typeof switchableGateway>, mode: 'fail-all' | 'fail-lists', host: string) {
  const headers = { accept: 'text/html', host };
  // The city of the host is looked up and kept first, as on a running site (a page other than the home page).
  await request(p, 'GET', '/zixun/', { headers });
  gw.set(mode);
  const down = await request(p, 'GET', '/', { headers });
  gw.set('pass');
  const back1 = await request(p, 'GET', '/', { headers });
  const back2 = await request(p, 'GET', '/', { headers });
  const lists = (a: Answer) => (a.body.includes('精选二手房') ? 'with lists' : 'WITHOUT lists');
  const look = (a: Answer) => `${a.status} ${Buffer.byteLength(a.body)} B x-cache ${a.headers['x-cache'] ?? '-'} ${lists(a)}`;
  out(
    `degraded-home ${mode}`,
    `host ${host}: gateway failing: / ${look(down)}; gateway back: ${look(back1)}, then ${look(back2)} (the degraded copy must not come back)`,
  );
}

/** 11. A portal whose gateway stops answering: its home page, and what is served once the gateway is back. */
async function probeDegradedHome(ctx: Ctx): Promise<void> {
  const gw = switchableGateway(ctx.portal.gatewayUrl as string);
  const url = await gw.listen();
  try {
    // Ready on /-/health: the home page must not be rendered (and cached) before the probe.
    const p = await startPortal('portal via switchable gateway', ctx.dataDir, { WEB_CONCURRENCY: '1', GATEWAY_URL: url }, '/-/health');
    try {
      await degradedRun(p, gw, 'fail-all', `127.0.0.1:${p.port}`);
      await degradedRun(p, gw, 'fail-lists', `wh.localhost:${p.port}`);
    } finally {
      await p.stop();
    }
  } finally {
    await gw.close();
  }
}

/** 12. Malformed URLs: the branded page, and no error lines. */
async function probeMalformedUrl({ portal }: Ctx): Promise<void> {
  const from = portal.logs.length;
  const answers: string[] = [];
  for (const urlPath of ['/ershoufang/%ff.html', '/img/%c0%ae%c0%ae/x']) {
    const a = await request(portal, 'GET', urlPath, { headers: { accept: 'text/html' } });
    answers.push(`${urlPath} ${a.status} branded ${a.body.includes(BRAND) ? 'yes' : 'NO'}`);
  }
  await sleep(500);
  const lines = portal.logs.slice(from);
  const errors = lines.filter((l) => l.level >= 50);
  const warns = lines.filter((l) => l.level === 40);
  const said = (ls: LogLine[]) => (ls.length ? ` (${[...new Set(ls.map((l) => l.msg))].join('; ')})` : '');
  out(
    'malformed-url',
    `${answers.join('; ')}; log lines ≥ error: ${errors.length}${said(errors)} (expected 0); warn: ${warns.length}${said(warns)}`,
  );
}

interface RawAnswer {
  statusLine: string;
  complete: boolean;
}

/** Writes one GET on a raw socket, half-closes it (FIN) and reads what comes back. */
function halfClosedGet(port: number, urlPath: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 30_000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRaw(Buffer.concat(chunks)));
    });
    socket.on('connect', () => {
      socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/html\r\n\r\n`);
      socket.end();
    });
  });
}

/** The status line, and whether the body is all there (by content-length, or the chunked terminator). */
function parseRaw(raw: Buffer): RawAnswer {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) return { statusLine: raw.length ? '(partial head)' : '(nothing)', complete: false };
  const head = raw.subarray(0, headEnd).toString();
  const body = raw.subarray(headEnd + 4);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const chunked = /\r\ntransfer-encoding:\s*chunked/i.test(head);
  const complete = length ? body.length >= Number(length[1]) : chunked ? body.subarray(-5).toString() === '0\r\n\r\n' : false;
  return { statusLine: head.split('\r\n')[0] as string, complete };
}

/** 13. Requests whose client half-closes after sending: are they answered in full? */
async function probeHalfClosed({ portal, db }: Ctx): Promise<void> {
  const ids = db
    .prepare('SELECT id FROM listing WHERE house_type = 11 AND status = 1 AND city_id = 1 ORDER BY random() LIMIT 6')
    .all() as Array<{ id: number }>;
  const paths = [...ids.map((r) => `/ershoufang/${r.id}.html`), '/xhjmap'];
  const answers = await Promise.all(paths.map((p) => halfClosedGet(portal.port, p)));
  const full = answers.filter((a) => a.statusLine.startsWith('HTTP/1.1 200') && a.complete).length;
  const rest = answers
    .map((a, i) => ({ a, p: paths[i] }))
    .filter(({ a }) => !(a.statusLine.startsWith('HTTP/1.1 200') && a.complete))
    .map(({ a, p }) => `${p}: ${a.statusLine}${a.complete ? '' : ' (incomplete)'}`);
  out(
    'half-closed',
    `${full}/${paths.length} full HTTP/1.1 200 answers (6 uncached second-hand details and /xhjmap)${rest.length ? `; others: ${rest.join('; ')}` : ''}`,
  );
}

/** 14. Redis away for 20 s under a little traffic: how many log lines say so? */
async function probeRedisOutage(ctx: Ctx): Promise<void> {
  let redis: RedisServer | null = await startRedis();
  const port = redis.port;
  let p: Portal | null = null;
  try {
    p = await startPortal('portal with Redis', ctx.dataDir, {
      WEB_CONCURRENCY: '1',
      REDIS_URL: redis.url,
      GATEWAY_URL: ctx.portal.gatewayUrl as string,
      TRUST_PROXY: '127.0.0.1',
    });
    const portal = p;
    const m = await registerMember(portal, ctx.db, address(14));
    const listing = one<{ id: number }>(
      ctx.db,
      'SELECT id FROM listing WHERE house_type = 11 AND status = 1 AND city_id = 1 LIMIT 1 OFFSET 5',
    );
    const from = portal.logs.length;
    await redis.stop();
    redis = null;
    const stoppedAt = performance.now();
    // Every second a favourite (member-write limit in the store) and a cached page (page cache), every third a login
    // (throttle and limits in the store). A request that gets no answer counts as 0.
    const during = { favourite: [] as string[], login: [] as string[], page: [] as string[] };
    let slowest = 0;
    const seen = (kind: keyof typeof during) => (a: Answer | null) => {
      during[kind].push(a ? (a.status === 200 ? '200' : statusAndMessage(a)) : '0');
      if (a) slowest = Math.max(slowest, a.ms);
    };
    for (let i = 0; performance.now() - stoppedAt < 20_000; i++) {
      await Promise.all([
        request(portal, 'POST', '/-/action/favourite', {
          json: { houseId: listing?.id, kind: 'ershoufang', op: i % 2 ? 'remove' : 'add' },
          cookie: m.cookie,
          xff: address(14),
          timeoutMs: 15_000,
        })
          .catch(() => null)
          .then(seen('favourite')),
        // Every third second only: the per-phone login limit (10 in 10 minutes) would answer 429 otherwise.
        i % 3 === 0
          ? login(portal, m.phone, m.password, address(14, 2))
              .catch(() => null)
              .then(seen('login'))
          : null,
        request(portal, 'GET', '/zixun/', { headers: { accept: 'text/html' }, timeoutMs: 15_000 })
          .catch(() => null)
          .then(seen('page')),
      ]);
      await sleep(1000);
    }
    const downLines = portal.logs.slice(from).filter(mentionsRedis);
    redis = await startRedis({ port });
    const restartedAt = portal.logs.length;
    // Wait until every connection said it is back (or 20 s).
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const back = portal.logs.slice(restartedAt).filter((l) => /available again/i.test(l.msg)).length;
      if (back >= downLines.length && back > 0) break;
      await sleep(200);
    }
    await sleep(1000);
    const all = portal.logs.slice(from).filter(mentionsRedis);
    const warnErr = all.filter((l) => l.level >= 40);
    const backLines = all.filter((l) => l.level < 40);
    const byMsg = new Map<string, number>();
    for (const l of warnErr) byMsg.set(l.msg, (byMsg.get(l.msg) ?? 0) + 1);
    out(
      'redis-outage',
      `Redis stopped 20 s (restarted on port ${port}); answers during it (slowest ${Math.round(slowest)} ms): ` +
        Object.entries(during)
          .map(([kind, answers]) => `${kind} ${tally(answers)}`)
          .join('; '),
    );
    out(
      'redis-outage',
      `warn/error lines mentioning Redis: ${warnErr.length} (${[...byMsg.entries()].map(([msg, n]) => `${n}× ${short(msg, 90)}`).join(' | ')}); lines after the restart saying it is back: ${backLines.length}`,
    );
  } finally {
    await p?.stop();
    await redis?.stop();
  }
}

function mentionsRedis(l: LogLine): boolean {
  return /redis/i.test(l.msg) || /redis/i.test(JSON.stringify(l.err ?? '')) || l.redis !== undefined;
}

/** 15. A cluster's worker killed after 25 s, then its replacement killed right after it listens: the restart delays. */
async function probeRestartDelay(ctx: Ctx): Promise<void> {
  const p = await startPortal('cluster of 2', ctx.dataDir, { WEB_CONCURRENCY: '2', GATEWAY_URL: ctx.portal.gatewayUrl as string });
  try {
    const primary = p.child.pid as number;
    const listening = (l: LogLine) => /Server listening/.test(l.msg);
    const until = Date.now() + 30_000;
    while (new Set(p.logs.filter(listening).map((l) => l.pid)).size < 2 || childPids(primary).length < 2) {
      if (Date.now() > until) throw new Error('two workers did not listen within 30 s');
      await sleep(200);
    }
    await sleep(25_000);
    const died = (l: LogLine) => l.msg === 'portal worker died; restarting it';
    const victim = childPids(primary)[0] as number;
    const seen = new Set(childPids(primary));
    let from = p.logs.length;
    process.kill(victim, 'SIGKILL');
    const first = await waitForLog(p, died, from);
    // The replacement: the first worker that listens and was not there before.
    const fresh = await waitForLog(p, (l) => listening(l) && l.pid !== undefined && !seen.has(l.pid), from, 30_000);
    from = p.logs.length;
    process.kill(fresh.pid as number, 'SIGKILL');
    // pino's `time` is the worker's clock at the line: the same machine's clock as Date.now() here.
    const killedAfter = Date.now() - Number(fresh.time);
    const second = await waitForLog(p, died, from);
    out(
      'restart-delay',
      `kill -9 after 25 s: restartInMs ${first.restartInMs} (servedMs ${first.servedMs}); its replacement killed ${Math.round(killedAfter)} ms after listening: ` +
        `restartInMs ${second.restartInMs} (servedMs ${second.servedMs}, deathsInARow ${second.deathsInARow}) (expected 500 then 1000)`,
    );
  } finally {
    await p.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------------

/** Error and warn lines of a log, by message (a gateway call's with its path and status). */
function logSummary(logs: LogLine[]): string {
  const label = (l: LogLine) => {
    const status = l.status ?? l.httpStatus ?? l.code;
    return `${short(l.msg, 80)}${typeof l.gateway === 'string' ? ` [${l.gateway}${status !== undefined ? ` ${status}` : ''}]` : ''}`;
  };
  const of = (level: (n: number) => boolean) => {
    const lines = logs.filter((l) => level(l.level));
    return `${lines.length}${lines.length ? ` (${tally(lines.map(label))})` : ''}`;
  };
  return `error or worse: ${of((n) => n >= 50)}; warn: ${of((n) => n === 40)}`;
}

const PROBES: Array<[id: string, name: string, run: (ctx: Ctx) => Promise<void>]> = [
  ['1', 'sessions', probeSessions],
  ['2', 'padded-phones', probePaddedPhones],
  ['3', 'password-throttle', probePasswordThrottle],
  ['3b', 'password-throttle-trust-proxy-1', probeTrustProxyOne],
  ['4', 'agent-chat', probeAgentChat],
  ['5', 'reviews', probeReviews],
  ['6', 'write-bursts', probeWriteBursts],
  ['7', 'valuation-get', probeValuationGet],
  ['8', 'sms-answers', probeSmsAnswers],
  ['9', 'search-flood', probeSearchFlood],
  ['10', 'slow-sender', probeSlowSender],
  ['11', 'degraded-home', probeDegradedHome],
  ['12', 'malformed-url', probeMalformedUrl],
  ['13', 'half-closed', probeHalfClosed],
  ['14', 'redis-outage', probeRedisOutage],
  ['15', 'restart-delay', probeRestartDelay],
];

async function main(): Promise<void> {
  if (!existsSync(SERVER_JS) || !existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'))) {
    process.stderr.write('issue33-probe: no build in dist/: run `npm run build` first\n');
    process.exitCode = 1;
    return;
  }
  const only = process.env.PROBES?.split(',').map((s) => s.trim());
  const dataDir = process.env.PROBE_DATA_DIR
    ? path.resolve(process.env.PROBE_DATA_DIR)
    : mkdtempSync(path.join(tmpdir(), 'issue33-probe-'));
  let db: Db | null = null;
  try {
    const started = performance.now();
    const portal = await startPortal('portal', dataDir, { WEB_CONCURRENCY: '1', TRUST_PROXY: '127.0.0.1', HEADERS_TIMEOUT_MS: '10000' });
    if (!portal.gatewayUrl) throw new Error('the portal did not log its embedded gateway URL');
    process.stdout.write(
      `issue33-probe: portal ${portal.base} (pid ${portal.child.pid}) up in ${seconds(performance.now() - started)}, DATA_DIR ${dataDir}\n`,
    );
    db = openDb(dataDir);
    const ctx: Ctx = { dataDir, portal, db };
    for (const [id, name, run] of PROBES) {
      if (only && !only.includes(id)) continue;
      try {
        await run(ctx);
      } catch (err) {
        out(name, `FAILED ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    process.stdout.write(`issue33-probe: the main portal's log over the whole run: ${logSummary(portal.logs)}\n`);
  } catch (err) {
    process.stdout.write(`issue33-probe: FAILED to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  } finally {
    db?.close();
    await Promise.all([...running].map((p) => p.stop()));
    if (!process.env.PROBE_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
