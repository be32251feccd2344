import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
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

/** A fresh DATA_DIR (under os.tmpdir()) holding a copy of the seeded test database. Removed at process exit. */
export async function seededDataDir(): Promise<string> {
  const src = cachedDbFile();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fangchan-data-'));
  copyFileSync(src, path.join(dir, DB_FILE));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestBackend {
  url: string;
  dataDir: string;
  close: () => Promise<void>;
}

/** The embedded backend on 127.0.0.1 and an ephemeral port, over a fresh seeded DATA_DIR. */
export async function startTestBackend(): Promise<TestBackend> {
  const dataDir = await seededDataDir();
  const backend = await startBackend({ dataDir, logger: false });
  return {
    url: backend.url,
    dataDir,
    close: async () => {
      await backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
