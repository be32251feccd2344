import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DB_FILE, openDb } from '../../src/backend/db.ts';
import { SCHEMA_VERSION } from '../../src/backend/migrations.ts';
import { DEFAULT_SEED, SEED_VERSION, seedDatabase } from '../../src/backend/seed/index.ts';
import { startBackend } from '../../src/backend/start.ts';

/** The data-set scale tests run at: every kind of row, a few thousand rows in all, seeded in well under a second. */
export const TEST_SCALE = 0.05;

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/backend');

/** Key of the cached test database: schema and seed versions plus a hash of the seed, migration and index-building sources. */
function cacheKey(): string {
  const h = createHash('sha256');
  for (const f of [
    'migrations.ts',
    'search-index.ts',
    'segment.ts',
    ...readdirSync(path.join(backendDir, 'seed')).map((n) => `seed/${n}`),
  ].sort()) {
    h.update(f).update(readFileSync(path.join(backendDir, f)));
  }
  return `v${SCHEMA_VERSION}-s${SEED_VERSION}-${DEFAULT_SEED}-${TEST_SCALE}-${h.digest('hex').slice(0, 12)}`;
}

let cached: string | null = null;

/** Removes cached databases of other code versions not touched for a day (they are only ever copied from). */
function pruneOldCaches(root: string, keep: string): void {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(root)) {
    if (name === keep) continue;
    const p = path.join(root, name);
    try {
      if (statSync(p).mtimeMs < dayAgo) rmSync(p, { recursive: true, force: true });
    } catch {
      // Raced with another test process: nothing to do.
    }
  }
}

/** Seeds the test database once per code version into a cache under the OS temp dir (safe with parallel test files). */
function cachedDbFile(): string {
  if (cached && existsSync(cached)) return cached;
  const dir = path.join(os.tmpdir(), 'fangchan-backend-cache', cacheKey());
  const file = path.join(dir, DB_FILE);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    pruneOldCaches(path.dirname(dir), path.basename(dir));
    const work = mkdtempSync(path.join(dir, 'seeding-'));
    const db = openDb(work);
    seedDatabase(db, { seed: DEFAULT_SEED, scale: TEST_SCALE });
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    db.close();
    // Atomic publish: a concurrent test process either sees no file or the whole file.
    renameSync(path.join(work, DB_FILE), file);
    rmSync(work, { recursive: true, force: true });
  }
  cached = file;
  return file;
}

/** The data dirs this process made, removed by one exit listener (one listener per dir passed Node's limit of 10). */
const dataDirs = new Set<string>();
function removeAtExit(dir: string): void {
  if (dataDirs.size === 0) {
    process.once('exit', () => {
      for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
    });
  }
  dataDirs.add(dir);
}

/** A fresh DATA_DIR (under os.tmpdir()) holding a copy of the seeded test database. Removed at process exit. */
export async function seededDataDir(): Promise<string> {
  const src = cachedDbFile();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fangchan-data-'));
  copyFileSync(src, path.join(dir, DB_FILE));
  removeAtExit(dir);
  return dir;
}

export interface TestBackend {
  url: string;
  dataDir: string;
  /** Issue 37: the backend's gateway events (`notice`), for a test to hand to its portal as the webhook would. */
  noticeEvents?: import('node:events').EventEmitter;
  close: () => Promise<void>;
}

/** The DATA_DIR of each embedded backend this process started, by URL (test/helpers/build.ts signs members of it). */
const backendDirs = new Map<string, string>();
export const testBackendDataDir = (url: string | undefined): string | undefined => (url ? backendDirs.get(url) : undefined);

/** A proxy in front of a test backend (a test that records the portal's calls) signs members of that backend too. */
function aliasTestBackend(proxyUrl: string, backend: TestBackend): void {
  backendDirs.set(proxyUrl, backend.dataDir);
}

/** The calls a request to the gateway carries: itself, or each call of a batch, as `METHOD /path?query`. */
function callsOf(req: http.IncomingMessage, body: Buffer): string[] {
  if (req.method === 'POST' && req.url?.split('?')[0] === '/api/batch') {
    const { calls } = JSON.parse(body.toString('utf8')) as { calls: Array<{ method: string; path: string }> };
    return calls.map((c) => `${c.method} /${c.path.replace(/^\/+/, '')}`);
  }
  return [`${req.method} ${req.url}`];
}

/**
 * A test backend behind a stand-in for the network, for tests that hold or count the portal's gateway calls. Each
 * request is handed to `route` with `forward`, which sends it on and pipes the answer back (`onEnd` once the answer has
 * been read), and with the calls it carries as `METHOD /path?query`: one, or those of a batch (POST /api/batch, issue
 * 35); `route` decides when. The proxy and the backend close at teardown.
 */
export async function proxiedTestBackend(
  t: { teardown(fn: () => unknown): void },
  route: (req: http.IncomingMessage, forward: (onEnd?: () => void) => void, calls: string[]) => void,
): Promise<{ url: string; backend: TestBackend }> {
  const backend = await startTestBackend();
  const target = new URL(backend.url);
  const proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    route(
      req,
      (onEnd) => {
        const up = http.request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
            if (onEnd) r.on('end', onEnd);
          },
        );
        up.end(body);
      },
      callsOf(req, body),
    );
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  aliasTestBackend(url, backend);
  t.teardown(async () => {
    await new Promise((r) => proxy.close(r));
    await backend.close();
  });
  return { url, backend };
}

/**
 * The embedded backend on 127.0.0.1 and an ephemeral port, over a fresh seeded DATA_DIR. `now` sets the clock of the
 * account rules (SMS windows, login locks).
 */
export async function startTestBackend(opts: { now?: () => number } = {}): Promise<TestBackend> {
  const dataDir = await seededDataDir();
  const backend = await startBackend({ dataDir, logger: false, now: opts.now });
  backendDirs.set(backend.url, dataDir);
  return {
    url: backend.url,
    dataDir,
    noticeEvents: backend.app.noticeEvents,
    close: async () => {
      backendDirs.delete(backend.url);
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes sure the backend has this member (inserted with a placeholder password when missing, its nickname updated
 * when given) and returns its session version: what a login cookie for it must carry.
 */
export function ensureBackendMember(
  dataDir: string,
  m: { uid: string; userId: string; phone: string; nickName: string; headUrl: string },
  nickNameGiven: boolean,
): string {
  const db = openDb(dataDir);
  try {
    const row = db.prepare('SELECT nick_name FROM member WHERE id = ?').get(Number(m.userId)) as { nick_name: string } | undefined;
    if (row && nickNameGiven && row.nick_name !== m.nickName) {
      db.prepare('UPDATE member SET nick_name = ? WHERE id = ?').run(m.nickName, Number(m.userId));
    }
    if (!row) {
      const taken = db.prepare('SELECT 1 FROM member WHERE phone = ?').get(m.phone);
      const phone = taken ? `199${m.userId.padStart(8, '0').slice(-8)}` : m.phone;
      const now = new Date().toISOString().replace('T', ' ').slice(0, 19);
      db.prepare(
        'INSERT INTO member (id, uid, phone, password_hash, nick_name, head_url, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?)',
      ).run(Number(m.userId), m.uid, phone, 'none', m.nickName, m.headUrl, now, now);
    }
    // A login session of the member (issue 33: the cookie carries its token), valid whatever the test's clock says.
    const token = randomBytes(32).toString('base64url');
    db.prepare('INSERT INTO session_token VALUES (?,?,?,?)').run(
      createHash('sha256').update(token).digest('hex'),
      Number(m.userId),
      '2000-01-01 00:00:00',
      '2999-01-01 00:00:00',
    );
    return token;
  } finally {
    db.close();
  }
}
