// biome-ignore lint/suspicious/noExplicitAny: SQLite rows.
export type Row = Record<string, any>;

/** A visitor's id as the info services take it (SPEC 7.10). */
export const userId = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** An article with its type and account names. */
export const DOC_SELECT = `SELECT d.*, t.name AS type_name, a.name AS account_name FROM info_doc d JOIN info_type t ON t.id = d.type_id
  JOIN xhaccount a ON a.id = d.account_id`;
