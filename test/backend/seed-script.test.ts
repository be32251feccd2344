import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';

/** `npm run seed` (scripts/seed.ts): prints its progress, builds the database, and is re-runnable (wipes and re-seeds). */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fangchan-seedscript-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/seed.ts'), '--scale', '0.05', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
const rows = () => {
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  try {
    return {
      listings: db.prepare('SELECT COUNT(*) FROM listing').pluck().get(),
      seed: db.prepare("SELECT value FROM meta WHERE key = 'seed'").pluck().get(),
      kanfang: db.prepare('SELECT COUNT(*) FROM kanfang').pluck().get(),
    };
  } finally {
    db.close();
  }
};

t.test('first run prints progress and creates the data set', async (t) => {
  const r = run();
  t.equal(r.status, 0, r.stderr);
  t.match(r.stdout, /seeding .*portal\.db \(seed 20261122, scale 0\.05\)/);
  t.match(r.stdout, /\[6\/6\] 城市 衡阳/);
  t.match(r.stdout, /done in \d+\.\d s/);
  t.match(rows(), { seed: '20261122', kanfang: 0 });
});

t.test('a re-run with another seed wipes user rows and re-seeds', async (t) => {
  const db = new Database(path.join(dataDir, 'portal.db'));
  db.prepare("INSERT INTO kanfang (name, phone, source, created_at) VALUES ('x', '13900000000', 'test', '2026-01-01 00:00:00')").run();
  db.close();
  const r = run('--seed', '42');
  t.equal(r.status, 0, r.stderr);
  t.match(rows(), { seed: '42', kanfang: 0 });
});

t.test('bad arguments are refused', async (t) => {
  const r = run('--seed', 'abc');
  t.equal(r.status, 2);
  t.match(r.stderr, /seed must be an integer/);
});
