import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { UserInfo } from '../../src/contracts/session.ts';
import type { RegistryFile } from '../../src/registry/types.ts';
import type { ClientAssets } from '../../src/render/assets.ts';
import { emptyAssets } from '../../src/render/assets.ts';
import { ensureBackendMember, startTestBackend, type TestBackend, testBackendDataDir } from './backend.ts';
import { FAKE_MEMBERS, openFakeSession, startFakeGateway } from './fake-gateway.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const TEST_SECRET = 'test-cookie-secret-0123456789abcdef0123456789';

export function readRegistry(): RegistryFile {
  return JSON.parse(readFileSync(path.join(ROOT, 'registry.json'), 'utf8')) as RegistryFile;
}

/** Write a registry file for one test (optionally edited) and return its path. */
/**
 * registry.json's action limits (site.rateLimits) raised out of reach, for a test that posts one action many times
 * to check something else (its errors, its answers). The limits themselves are tested at their real values.
 */
export function raiseRateLimits(r: RegistryFile): void {
  for (const rule of Object.values(r.site.rateLimits)) rule.max = 1_000_000;
}

export function writeTempRegistry(edit?: (r: RegistryFile) => void): string {
  const reg = readRegistry();
  edit?.(reg);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-reg-'));
  const file = path.join(dir, 'registry.json');
  writeFileSync(file, JSON.stringify(reg, null, 2));
  return file;
}

export interface TestApp {
  app: FastifyInstance;
  registryPath: string;
  /**
   * The Cookie header value of a signed login cookie (`{uid, userId, sv}`) for this member (default MEMBER), who is
   * made known to the gateway first: the embedded backend's database, or the fake gateways' member list.
   */
  memberCookie(user?: Partial<UserInfo> & { token?: string }): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  editRegistry?: (r: RegistryFile) => void;
  registryPath?: string;
  /** Gateway URL; default: a fake gateway started for this app. */
  gatewayUrl?: string;
  watchRegistry?: boolean;
  assets?: ClientAssets;
  renderTimeoutMs?: number;
  clientDir?: string;
  publicDir?: string;
  /** Receives every log line (JSON) at level info and above. */
  logLines?: string[];
  /** TRUST_PROXY for this app (default: trust no proxy). */
  trustProxy?: string;
  /** REDIS_URL for this app (member events across processes). */
  redisUrl?: string;
  /** ADMIN_TOKEN for this app (the console's member sign-out call). */
  adminToken?: string;
  /** Keep-alive and limits of the member sockets. */
  memberSocket?: BuildOptions['memberSocket'];
  /** Chat (issue 18): limits of the chat sockets, and IM_SDKAPPID / IM_SECRET_KEY for this app. */
  chat?: BuildOptions['chat'];
  im?: { sdkAppId: string; secretKey: string };
  /** More environment for loadConfig (issue 20: REQUEST_DEADLINE_MS, PRESSURE_*). */
  env?: NodeJS.ProcessEnv;
  /** A health check that forces the overload answer (plugins/pressure.ts). */
  pressureCheck?: BuildOptions['pressureCheck'];
  /** The clock of the pages (and of the embedded gateway, with buildAppOverBackend): issue 31. */
  now?: BuildOptions['now'];
  /** Issue 36 part 3: trace with this provider (an in-memory exporter, test/helpers/tracing.ts). */
  tracerProvider?: BuildOptions['tracerProvider'];
  /** Runs on the built app before it is ready (extra routes for one test). */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

/** The portal over the embedded backend (seeded SQLite), both closed when the test `t` ends. */
export async function buildAppOverBackend(
  t: { teardown(fn: () => unknown): void },
  opts: Omit<TestAppOptions, 'gatewayUrl'> = {},
): Promise<TestApp & { backend: TestBackend }> {
  const backend = await startTestBackend({ now: opts.now });
  const portal = await buildTestApp({ ...opts, gatewayUrl: backend.url }).catch(async (err) => {
    await backend.close();
    throw err;
  });
  t.teardown(async () => {
    await portal.close();
    await backend.close();
  });
  return { ...portal, backend };
}

export const MEMBER: UserInfo = { uid: 'u1001', userId: '1001', headUrl: '', nickName: '测试会员', phone: '13800000000' };

/** Builds the portal with a fake (or given) gateway and a temp data dir. Tests never reach a network. */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const registryPath = opts.registryPath ?? writeTempRegistry(opts.editRegistry);
  const fake = opts.gatewayUrl ? null : await startFakeGateway();
  const config = loadConfig(
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-data-')),
      COOKIE_SECRET: TEST_SECRET,
      REGISTRY_PATH: registryPath,
      REGISTRY_WATCH: opts.watchRegistry ? '1' : '0',
      GATEWAY_URL: opts.gatewayUrl ?? fake?.url,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: opts.trustProxy,
      REDIS_URL: opts.redisUrl,
      ADMIN_TOKEN: opts.adminToken,
      IM_SDKAPPID: opts.im?.sdkAppId,
      IM_SECRET_KEY: opts.im?.secretKey,
      // No overload 503 from a test machine's own load (a parallel run starves the event loop); the pressure tests
      // force it through their health check.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...opts.env,
    },
    ROOT,
  );
  if (opts.clientDir) config.clientDir = opts.clientDir;
  if (opts.publicDir) config.publicDir = opts.publicDir;
  const lines = opts.logLines;
  const app = await buildApp({
    config,
    logger: lines
      ? { level: 'info', stream: { write: (line: string) => void lines.push(line) } }
      : { level: process.env.TEST_LOG_LEVEL ?? 'silent' },
    assets: opts.assets ?? emptyAssets(),
    renderTimeoutMs: opts.renderTimeoutMs,
    memberSocket: opts.memberSocket,
    chat: opts.chat,
    pressureCheck: opts.pressureCheck,
    now: opts.now,
    tracerProvider: opts.tracerProvider,
  }).catch(async (err) => {
    await fake?.close();
    throw err;
  });
  await opts.setup?.(app);
  await app.ready();
  return {
    app,
    registryPath,
    memberCookie: (user = {}) => {
      const m = { ...MEMBER, ...user };
      const dataDir = testBackendDataDir(opts.gatewayUrl);
      let token: string;
      if (dataDir) token = ensureBackendMember(dataDir, m, user.nickName !== undefined);
      else {
        FAKE_MEMBERS.set(m.userId, {
          uid: m.uid,
          userId: m.userId,
          phone: m.phone,
          nickName: m.nickName,
          headUrl: m.headUrl,
          sessionVersion: 1,
        });
        token = openFakeSession(m.userId);
      }
      app.memberDirectory.forget(m.userId);
      return `userInfo=${encodeURIComponent(app.signCookie(JSON.stringify({ uid: m.uid, userId: m.userId, token })))}`;
    },
    async close() {
      await app.close();
      await fake?.close();
    },
  };
}
