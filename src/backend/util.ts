import { sqlTime } from './seed/index.ts';

/** Current time in the database's format (UTC, `YYYY-MM-DD HH:MM:SS`). */
export function sqlNow(): string {
  return sqlTime(Date.now());
}

/** A JSON list stored as text, or null. */
export function jsonOrNull(v: unknown): string | null {
  return v === undefined || v === null ? null : JSON.stringify(v);
}
