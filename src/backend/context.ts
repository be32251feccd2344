import type { DB } from './db.ts';

/** What every route module gets: the open database and where files live. */
export interface BackendContext {
  db: DB;
  dataDir: string;
  maxUploadBytes: number;
  /** Milliseconds since the epoch: Date.now, or a test's clock (SMS code windows, login locks). */
  now: () => number;
}
