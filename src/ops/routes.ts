/** Issue 36 part 2: the ops console's addresses (docs/ops.md). Its session cookie's path is `page`: every one is under it. */
export const OPS_ROUTES = {
  page: '/-/ops',
  data: '/-/ops/data.json',
  session: '/-/ops/session',
  logout: '/-/ops/logout',
  purge: '/-/ops/purge',
  restore: '/-/ops/registry/restore',
} as const;
