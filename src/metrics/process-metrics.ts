import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's own metrics (issue 36 part 1): prom-client's default set with the `portal_` prefix (event-loop delay,
 * heap and its spaces, RSS, CPU, handles, GC). They describe the process, not an app, so there is one set per process,
 * made on first use: an app built several times in one process (the tests) reads the same set instead of adding a GC
 * observer and an event-loop monitor per build, which prom-client never removes.
 */
let processRegistry: Registry | null = null;

export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'portal_' });
  }
  return processRegistry;
}
