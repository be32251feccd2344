import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for this Node (issue 20 part 4). Everything that opens a database imports it from here,
 * never from 'better-sqlite3' directly.
 *
 * - better-sqlite3 13 is an N-API addon with prebuilt binaries (nothing to compile). It needs Node ≥ 22: on Node 20
 *   it segfaults on the first `new Database()`.
 * - better-sqlite3 12 (installed under the alias better-sqlite3-node20, compiled at install) derives its objects from
 *   node::ObjectWrap, which aborts the process on Node 24 (measured on 24.21.0; reported from 24.19.0) when a
 *   statement is garbage-collected outside a JS context (WiseLibs/better-sqlite3#1515, not fixed in 12.x). So it only
 *   serves Node 20, and goes when Node 20 does.
 *
 * Both have the same API, so the types are @types/better-sqlite3's.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

export const SQLITE_DRIVER = NODE_MAJOR >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';

const Database: typeof BetterSqlite3 = createRequire(import.meta.url)(SQLITE_DRIVER);

export default Database;
