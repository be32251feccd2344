import type { DB } from './db.ts';
import type { EstateChanges } from './estate-notices.ts';
import type { ListingChanges } from './notices.ts';
import type { Clock } from './time.ts';

/** What every route module gets: the open database, where files live, and the gateway's one clock. */
export interface BackendContext {
  db: DB;
  dataDir: string;
  maxUploadBytes: number;
  /** Milliseconds since the epoch: Date.now, or a test's clock. Every "now" of the gateway reads it. */
  now: Clock;
  /** `now()` in the database's format (Beijing wall-clock, `YYYY-MM-DD HH:MM:SS`). */
  sqlNow: () => string;
  /** Issue 37: a listing appeared or changed price; saved searches and favourites that concern it get their notices. */
  listings: ListingChanges;
  /** Issue 37: an estate's price or sale status changes; saved new-home searches and favourites get their notices. */
  estates: EstateChanges;
}
