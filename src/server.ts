import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { buildApp, knownNames } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import type { GatewayNoticeEvent } from './contracts/gateway/index.ts';
import { type GatewayEventMessage, isGatewayEventMessage } from './lib/notice-frame.ts';
import { memoryReport } from './memory-report.ts';
import { aggregateWorkerMetrics } from './metrics/cluster.ts';
import { loadRegistryFile, RegistryError } from './registry/load.ts';
import { restartDelay } from './restart-delay.ts';
import { type WorkerLaunch, workerLaunch } from './worker-memory.ts';

/**
 * Production entry: listen, use every core, shut down gracefully. Nothing else lives here.
 * WEB_CONCURRENCY > 1 (default: one per core): this process is the cluster's primary; it starts the embedded gateway
 * once (unless GATEWAY_URL names one) and forks one portal worker per process, all on the one port; a worker that dies
 * is replaced with backoff. WEB_CONCURRENCY=1: this process is the portal itself.
 */

/** SIGTERM to the primary: workers drain (plugins/drain.ts); one still running after this is killed. */
const WORKER_STOP_MS = 30_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Cluster messages of the two-step drain: a worker has stopped accepting; the primary says every worker has. */
const LISTENER_CLOSED = 'portal:listener-closed';
const CLOSE_CONNECTIONS = 'portal:close-connections';
/** A worker that hears nothing from the primary goes on draining after this. */
const PRIMARY_ANSWER_MS = 5000;

/** A worker's drain, step two: tell the primary this worker no longer accepts, and wait until none does. */
function everyListenerClosed(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, PRIMARY_ANSWER_MS);
    function done() {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve();
    }
    function onMessage(message: unknown) {
      if (message === CLOSE_CONNECTIONS) done();
    }
    process.on('message', onMessage);
    process.send?.(LISTENER_CLOSED);
  });
}

/** One portal process: build, listen; on SIGTERM/SIGINT drain (answer what is in flight), close, exit. */
async function runPortal(config: Config): Promise<void> {
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config });
  } catch (err) {
    if (err instanceof RegistryError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let closing = false;
  const close = async (signal: string) => {
    // Ctrl-C reaches a cluster's workers twice: SIGINT from the terminal, SIGTERM from the primary.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining');
    await app.drain({ idleGraceMs: config.drainGraceMs, afterStopAccepting: cluster.isWorker ? everyListenerClosed : undefined });
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));
  process.on('SIGUSR2', () => app.log.info({ memory: memoryReport(app) }, 'memory report'));
  // Issue 37: the embedded gateway in the primary hands this worker its events (plugins/gateway-events.ts).
  if (cluster.isWorker)
    process.on('message', (message: unknown) => {
      if (isGatewayEventMessage(message)) void app.gatewayEvents.receive(message.event);
    });
  await app.listen({ port: config.port, host: config.host });
}

/** The cluster's primary: the embedded gateway (one process for all), the workers, their restarts and the shutdown. */
async function runPrimary(config: Config): Promise<void> {
  const root = pino({ level: config.logLevel }, pino.destination({ sync: true }));
  const log = root.child({ component: 'primary' });
  // The registry's site.workerMemory, read again at each fork (a worker replaced after an edit gets the new settings);
  // a registry that does not load at start stops the primary as a worker would, later the last good settings stay.
  const launchOf = () =>
    workerLaunch(loadRegistryFile(config.registryPath, knownNames()).file.site.workerMemory, {
      execArgv: process.execArgv,
      env: process.env,
    });
  let launch: WorkerLaunch;
  try {
    launch = launchOf();
  } catch (err) {
    if (err instanceof RegistryError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  let gatewayUrl = config.gatewayUrl;
  let closeBackend = async () => {};
  if (gatewayUrl === undefined) {
    const { startBackend } = await import('./backend/start.ts');
    const backend = await startBackend({ dataDir: config.dataDir, port: config.gatewayPort, logger: root.child({ component: 'backend' }) });
    gatewayUrl = backend.url;
    closeBackend = () => backend.close();
    // Issue 37: its notices go to the workers: with REDIS_URL one of them publishes to all; without, each tells its own
    // sockets (member events are per process then).
    let next = 0;
    backend.app.noticeEvents?.on('notice', (event: GatewayNoticeEvent) => {
      // Only a worker that listens has its app (and the message listener) built.
      const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected() && listeningSince.has(w));
      const to = config.redisUrl ? live.slice(next++ % Math.max(1, live.length)).slice(0, 1) : live;
      const message: GatewayEventMessage = { type: 'portal:gateway-event', event };
      for (const w of to) w.send(message);
    });
    log.info({ gatewayUrl }, 'embedded backend started (one for every worker)');
  }

  let stopping = false;
  let listened = false;
  // Backoff before a dead worker is replaced (src/restart-delay.ts): doubles with each death in a row, capped; a
  // worker that had been listening for a while (stable) starts the count again.
  let deathsInARow = 0;
  const bornAt = new Map<Worker, number>();
  const listeningSince = new Map<Worker, number>();
  const fork = () => {
    try {
      launch = launchOf();
    } catch (err) {
      log.warn({ err }, 'the registry does not load: a worker is forked with the last good site.workerMemory');
    }
    cluster.setupPrimary({ execArgv: launch.execArgv });
    const worker = cluster.fork({ ...launch.env, GATEWAY_URL: gatewayUrl });
    bornAt.set(worker, Date.now());
    worker.once('listening', () => {
      listened = true;
      listeningSince.set(worker, Date.now());
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const now = Date.now();
    const lived = now - (bornAt.get(worker) ?? now);
    const served = now - (listeningSince.get(worker) ?? now);
    bornAt.delete(worker);
    listeningSince.delete(worker);
    if (stopping) return;
    if (!listened) {
      // The first worker could not start (configuration, registry): another would fail the same way.
      log.fatal({ pid: worker.process.pid, code, signal }, 'a portal worker failed before listening; stopping');
      void shutdown('startup failure', 1);
      return;
    }
    const next = restartDelay(deathsInARow, served);
    deathsInARow = next.deathsInARow;
    const delay = next.delayMs;
    log.error(
      { pid: worker.process.pid, code, signal, livedMs: lived, servedMs: served, deathsInARow, restartInMs: delay },
      'portal worker died; restarting it',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  // The two-step drain (everyListenerClosed): a worker stopped alone (a rolling restart) may close its connections at
  // once, the others still accept; when the whole cluster stops, only once no worker accepts any more.
  const stillAccepting = new Set<Worker>();
  const closeConnectionsIfNoneAccepts = () => {
    if (stillAccepting.size > 0) return;
    for (const w of Object.values(cluster.workers ?? {})) if (w?.isConnected()) w.send(CLOSE_CONNECTIONS);
  };
  cluster.on('message', (worker, message) => {
    if (message !== LISTENER_CLOSED) return;
    if (!stopping) {
      worker.send(CLOSE_CONNECTIONS);
      return;
    }
    stillAccepting.delete(worker);
    closeConnectionsIfNoneAccepts();
  });
  cluster.on('exit', (worker) => {
    if (stillAccepting.delete(worker)) closeConnectionsIfNoneAccepts();
  });

  const shutdown = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason, workers: bornAt.size }, 'shutting down: draining every worker');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    for (const w of workers) stillAccepting.add(w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => w.process.kill('SIGKILL'), WORKER_STOP_MS);
            w.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await closeBackend();
    log.info('every worker drained; primary exits');
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // Issue 36 part 1: a worker scraped for /-/metrics answers with every worker's metrics, summed here.
  aggregateWorkerMetrics(cluster, log.child({ component: 'metrics' }));
  log.info({ workers: config.webConcurrency, port: config.port, execArgv: launch.execArgv, env: launch.env }, 'starting portal workers');
  if (!config.redisUrl)
    log.warn(
      'REDIS_URL unset: each worker has its own page cache, rate limits, login throttles, form drafts, chat bus and member events (a forced logout reaches only the sockets of the worker that heard it); set REDIS_URL, or WEB_CONCURRENCY=1',
    );
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

const config = readConfig();
if (cluster.isPrimary && config.webConcurrency > 1) void runPrimary(config);
else void runPortal(config);
