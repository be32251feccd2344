import type { Database as DB } from 'better-sqlite3';
import { DAY_MS, demoAnchor, monthsBetween, sqlTime } from '../time.ts';

/**
 * The demo calendar (issue 31, SPEC 9 time rules): every date of the seeded data is laid out around an anchor, the
 * latest 16:00 in Beijing before the seed ran (`demoAnchor`). A database that has aged is moved forward as a whole: on
 * start (and every hour while it runs) the gateway shifts every seeded date by the whole days since its anchor, and
 * every month key (price series, sales by month) by the months, so running activities keep running, sessions stay in
 * the coming weeks, coupons stay valid and the price series ends last month.
 *
 * Members' own records are never moved: a table's seeded rows are those at or below its rowid watermark, recorded when
 * the seed (or a later back-fill) wrote them; whatever members and agents add later lies above it. Tables that hold only
 * accounts, sessions and runtime state are not moved at all.
 */

export const CALENDAR_ANCHOR_KEY = 'calendar_anchor';
const WATERMARKS_KEY = 'calendar_seeded_rowids';
/** The anchor of databases seeded before the clock was injected: the fixed calendar of 2026-11-20 16:00 (Beijing). */
const LEGACY_ANCHOR = Date.UTC(2026, 10, 20, 8, 0, 0);

/** Accounts, sessions, uploads and runtime state: members' and the gateway's own, never demo data. */
const NOT_DEMO = new Set([
  'member',
  'session_token',
  'sms_code',
  'login_lock',
  'chat_state',
  'chat_presence',
  'person_info',
  'tracking_event',
  'upload',
  'entrust',
  'entrust_log',
  'meta',
]);

/** Month-keyed series whose month is part of the primary key (no rowid): moved in two steps to keep keys unique. */
const MONTH_SERIES = ['xiaoqu_price', 'area_price'];
/** Tables without a rowid that only the seed writes: all their rows are demo data. */
const SEED_ONLY_KEYED = new Set(['coupon_batch']);

interface DatedTable {
  table: string;
  columns: string[];
  /** False for a seed-only table without a rowid: every row is moved. */
  rowid: boolean;
}

/**
 * Every table with text columns named `*_at`, `*_date` or `month`: the dated demo data. Tables without a rowid hold
 * members' likes and follows, except the seed-only ones and the month series (moved on their own).
 */
function datedTables(db: DB): DatedTable[] {
  const tables = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_fts%' ORDER BY name",
    )
    .all() as Array<{ name: string; sql: string }>;
  const out: DatedTable[] = [];
  for (const { name, sql } of tables) {
    const rowid = !/WITHOUT ROWID/i.test(sql);
    if (NOT_DEMO.has(name) || (!rowid && !SEED_ONLY_KEYED.has(name))) continue;
    const columns = (db.prepare(`SELECT name, type FROM pragma_table_info(?)`).all(name) as Array<{ name: string; type: string }>)
      .filter((c) => c.type.toUpperCase() === 'TEXT' && (/_(at|date)$/.test(c.name) || c.name === 'month'))
      .map((c) => c.name);
    if (columns.length) out.push({ table: name, columns, rowid });
  }
  return out;
}

const meta = (db: DB, key: string) => db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
const setMeta = (db: DB, key: string, value: string) =>
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);

/** The anchor the database's demo dates are laid out around. */
export function calendarAnchor(db: DB): number {
  const v = Number(meta(db, CALENDAR_ANCHOR_KEY));
  return Number.isFinite(v) && v > 0 ? v : LEGACY_ANCHOR;
}

function watermarks(db: DB): Record<string, number> | null {
  const raw = meta(db, WATERMARKS_KEY);
  return raw ? (JSON.parse(raw) as Record<string, number>) : null;
}

/**
 * Records every dated table's current last rowid as the end of its demo rows (after a seed, or after a back-fill of
 * tables that were empty: `tables` limits it to those).
 */
export function markSeeded(db: DB, tables?: string[]): void {
  const marks = watermarks(db) ?? {};
  for (const { table, rowid } of datedTables(db)) {
    if (!rowid || (tables && !tables.includes(table))) continue;
    marks[table] = (db.prepare(`SELECT COALESCE(MAX(rowid), 0) FROM "${table}"`).pluck().get() as number) ?? 0;
  }
  setMeta(db, WATERMARKS_KEY, JSON.stringify(marks));
}

/** A database seeded before watermarks existed: every row it holds now is taken as demo data (once). */
export function adoptLegacyCalendar(db: DB): boolean {
  if (watermarks(db)) return false;
  markSeeded(db);
  return true;
}

export interface CalendarMove {
  days: number;
  months: number;
  rows: number;
  from: string;
  to: string;
}

/**
 * Moves the demo calendar forward to `demoAnchor(now)` when that is at least a day later than the database's anchor.
 * Returns what was moved, or null when the calendar is current. One transaction: a crash leaves it as it was.
 */
export function advanceDemoCalendar(db: DB, now: number): CalendarMove | null {
  const from = calendarAnchor(db);
  const to = demoAnchor(now);
  const days = Math.round((to - from) / DAY_MS);
  if (days < 1) return null;
  const months = monthsBetween(from, to);
  let rows = 0;
  db.transaction(() => {
    adoptLegacyCalendar(db);
    const marks = watermarks(db) ?? {};
    const shift = (col: string) =>
      `CASE length("${col}")
         WHEN 19 THEN datetime("${col}", '+${days} days')
         WHEN 10 THEN date("${col}", '+${days} days')
         WHEN 7 THEN strftime('%Y-%m', "${col}" || '-01', '${months >= 0 ? '+' : ''}${months} months')
         ELSE "${col}" END`;
    for (const { table, columns, rowid } of datedTables(db)) {
      const set = columns.map((c) => `"${c}" = ${shift(c)}`).join(', ');
      if (!rowid) {
        rows += db.prepare(`UPDATE "${table}" SET ${set}`).run().changes;
        continue;
      }
      const mark = marks[table] ?? 0;
      if (mark > 0) rows += db.prepare(`UPDATE "${table}" SET ${set} WHERE rowid <= ?`).run(mark).changes;
    }
    if (months !== 0) {
      for (const table of MONTH_SERIES) {
        // Through a prefix no real month has, so that no row takes a key another row still holds.
        db.prepare(
          `UPDATE "${table}" SET month = '~' || strftime('%Y-%m', month || '-01', '${months > 0 ? '+' : ''}${months} months')`,
        ).run();
        rows += db.prepare(`UPDATE "${table}" SET month = substr(month, 2)`).run().changes;
      }
    }
    // Text that carries a moved date's year: a presale permit's number names its issue year.
    db.prepare(
      `UPDATE yushou SET permit_no = substr(permit_no, 1, instr(permit_no, '(')) || substr(issue_date, 1, 4) || substr(permit_no, instr(permit_no, ')'))
       WHERE instr(permit_no, '(') > 0`,
    ).run();
    setMeta(db, CALENDAR_ANCHOR_KEY, String(to));
    setMeta(db, 'seeded_at', sqlTime(to));
  })();
  return { days, months, rows, from: sqlTime(from), to: sqlTime(to) };
}
