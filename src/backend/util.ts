import { imageUrl } from './seed/images.ts';

/** A JSON list stored as text, or null. */
export function jsonOrNull(v: unknown): string | null {
  return v === undefined || v === null ? null : JSON.stringify(v);
}

const statements = new WeakMap<object, Map<string, import('better-sqlite3').Statement>>();

/** A prepared statement for dynamic SQL, cached per database by its text (filters produce a bounded set of shapes). */
export function cachedStatement(db: import('better-sqlite3').Database, sql: string): import('better-sqlite3').Statement {
  let map = statements.get(db);
  if (!map) {
    map = new Map();
    statements.set(db, map);
  }
  let st = map.get(sql);
  if (!st) {
    if (map.size > 500) map.clear();
    st = db.prepare(sql);
    map.set(sql, st);
  }
  return st;
}

/** Photo URLs of a listing: `count` generated pictures starting at `seed`. */
export function photoList(kind: 'house' | 'loupan', seed: number, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(imageUrl(kind === 'house' ? 'house' : 'loupan', seed + i));
  return out;
}
