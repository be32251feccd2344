import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './bench/procs.ts';

/**
 * A throw-away redis-server (Debian's `redis-server`, installed by .ci/run) for tests and local runs: loopback only,
 * on a free port, nothing saved, its files in a temp dir removed on stop. `npx tsx scripts/redis.ts` starts one and
 * prints its REDIS_URL until Ctrl-C.
 */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export const REDIS_SERVER = process.env.REDIS_SERVER_BIN || 'redis-server';

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The environment minus libfaketime's preload: the tests that run at a later date (.ci/run, issue 31) move the clock of
 * the portal, not of Redis, and redis-server aborts under libfaketime (recursive clock_gettime in its allocator).
 */
function withoutFakeTime(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  if (out.LD_PRELOAD?.includes('faketime')) {
    const rest = out.LD_PRELOAD.split(/[ :]/).filter((lib) => lib && !lib.includes('faketime'));
    if (rest.length) out.LD_PRELOAD = rest.join(':');
    else delete out.LD_PRELOAD;
  }
  return out;
}

export async function startRedis(opts: { port?: number; timeoutMs?: number } = {}): Promise<RedisServer> {
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'redis-'));
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: withoutFakeTime(process.env) },
  );
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start in time:\n${output}`)), opts.timeoutMs ?? 10_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
          child.stderr?.off('data', onData);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new Error(`cannot run ${REDIS_SERVER} (apt-get install redis-server): ${err.message}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  } catch (err) {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await startRedis();
  process.stdout.write(`REDIS_URL=${server.url}\n`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
