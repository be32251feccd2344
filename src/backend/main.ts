import path from 'node:path';
import pino from 'pino';
import { startBackend } from './start.ts';

/** `npm run backend`: the embedded gateway alone, on GATEWAY_PORT (default 4000) with DATA_DIR (default ./data). */
const log = pino({ level: process.env.LOG_LEVEL || 'info', base: { svc: 'backend' } });

function port(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`GATEWAY_PORT must be a port number, got "${raw}"`);
  return n;
}

async function main(): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const scale = process.env.SEED_SCALE ? Number(process.env.SEED_SCALE) : undefined;
  const backend = await startBackend({
    dataDir,
    port: port(process.env.GATEWAY_PORT, 4000),
    host: process.env.GATEWAY_HOST || '127.0.0.1',
    logger: log,
    scale,
  });
  log.info({ url: backend.url, dataDir }, 'backend listening');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'backend shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    backend.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'backend close failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  log.fatal({ err }, 'backend failed to start');
  process.exit(1);
});
