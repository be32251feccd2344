/**
 * The paths ops and their tools use (issue 36 part 5): the Prometheus scrape, the ops console and the health check.
 * They are no visitor's page: they are left out of page-view tracking and out of the per-entry request metrics, so a
 * scrape every few seconds moves neither.
 */
export const OPS_PATHS = ['/-/metrics', '/-/ops', '/-/health'] as const;

/** `path` (no query) is an ops path or under one; the router is case-insensitive and forgives a trailing slash. */
export function isOpsPath(path: string): boolean {
  if (!path.startsWith('/-/')) return false;
  const lower = path.toLowerCase();
  for (const ops of OPS_PATHS) {
    if (lower.startsWith(ops) && (lower.length === ops.length || lower[ops.length] === '/')) return true;
  }
  return false;
}
