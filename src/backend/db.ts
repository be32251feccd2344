import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { migrate } from './migrations.ts';
import Database from './sqlite-driver.ts';

export type DB = BetterSqlite3.Database;

export const DB_FILE = 'portal.db';

/**
 * Opens (creating if needed) `${dataDir}/portal.db` in WAL mode and brings its schema up to date.
 *
 * Durability: WAL with synchronous=NORMAL makes every committed transaction survive the death of the
 * process (kill -9): the commit returns only after the WAL frames are written to the OS. Power loss could
 * lose the last transactions; set DB_SYNC=FULL to fsync on every commit as well.
 */
export function openDb(dataDir: string, opts: { readonly?: boolean } = {}): DB {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DB_FILE), { readonly: opts.readonly ?? false });
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${process.env.DB_SYNC === 'FULL' ? 'FULL' : 'NORMAL'}`);
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -32000');
  db.pragma('temp_store = MEMORY');
  if (!opts.readonly) migrate(db);
  return db;
}
