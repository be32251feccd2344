import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/bench/procs.ts';
import { ROOT, TEST_SECRET } from './build.ts';

/** A real portal process (src/server.ts, as `npm start` runs it) on a free loopback port. */
export interface PortalProcess {
  base: string;
  child: ChildProcess;
  output(): string;
  /** Resolves once the output contains `text` (or rejects when the process exits first). */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startPortalProcess(env: Record<string, string | undefined>): Promise<PortalProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-proc-')),
      COOKIE_SECRET: TEST_SECRET,
      REGISTRY_WATCH: '0',
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '1',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (c: Buffer) => {
    output += c.toString();
    for (const w of waiters) w();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (text: string | RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const found = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      if (found()) return resolve();
      const timer = setTimeout(() => done(new Error(`no "${text}" in the portal's output:\n${output}`)), timeoutMs);
      const check = () => found() && done();
      const done = (err?: Error) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (err) reject(err);
        else resolve();
      };
      waiters.add(check);
      void exited.then((code) => (found() ? done() : done(new Error(`portal exited with ${code}:\n${output}`))));
    });
  const portal: PortalProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    waitFor,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
    },
  };
  try {
    await waitFor('Server listening');
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return portal;
}
