/** The WHERE clause of a filtered query, built one condition at a time with the values of its `?` placeholders. */
export interface Where {
  /** Add a condition (joined with AND) and the values of its placeholders. */
  add(sql: string, ...values: unknown[]): void;
  /** `WHERE a AND b`, or `` when there is no condition. */
  clause(): string;
  /** The values of every placeholder, in the order of the conditions. */
  readonly args: unknown[];
}

export function whereClause(): Where {
  const conditions: string[] = [];
  const args: unknown[] = [];
  return {
    add(sql, ...values) {
      conditions.push(sql);
      args.push(...values);
    },
    clause: () => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''),
    args,
  };
}
