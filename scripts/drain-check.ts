import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { registryWithoutPageCache } from './bench/cluster.ts';
import { childPids, freePort } from './bench/procs.ts';

/**
 * `npx tsx scripts/drain-check.ts` (issue 20 part 3): does a shutdown lose requests? A real portal under a load of
 * 10 keep-alive connections (every page rendered per request, cache off, so requests are always in flight) gets
 * SIGTERM mid-load; every answer and every failure is counted. Three cases:
 *  1. one process (WEB_CONCURRENCY=1), SIGTERM to it;
 *  2. a cluster of 2 workers, SIGTERM to one worker (a rolling restart: the primary replaces it);
 *  3. the same cluster, SIGTERM to the primary (every worker drains).
 * A failure is a request sent on an accepted connection that got no answer (reset, hang-up) or a 5xx other than the
 * drain's 503 with Retry-After. After the signal a client whose answer said `Connection: close` opens a new connection;
 * when the process no longer listens that is refused (counted apart: the listener is closed, so a balancer or client
 * goes to another instance; in case 2 the primary still listens, so nothing may be refused there).
 * Uses the built server when there is one (`npm run build`), else the sources through tsx.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 10;
const LOAD_BEFORE_MS = Number(process.env.DRAIN_LOAD_BEFORE_MS ?? 1500);
const LOAD_AFTER_MS = Number(process.env.DRAIN_LOAD_AFTER_MS ?? 1500);
const out = (s = '') => process.stdout.write(`${s}\n`);

interface Tally {
  ok: number;
  closeAnswers: number;
  shed: number;
  shedAfterSignal: number;
  refused: number;
  failed: number;
  failures: string[];
}

interface Answer {
  status: number;
  connection?: string;
  retryAfter?: string;
}

function get(url: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, retryAfter: res.headers['retry-after'] as string }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function start(cmd: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(cmd[0], cmd.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once('exit', (code) => r(code)));
}

/** Runs 10 keep-alive clients against `urls`; `signal()` is called mid-load; resolves with the tally. */
async function underLoad(urls: string[], signal: () => void, opts: { rolling: boolean }): Promise<Tally> {
  const tally: Tally = { ok: 0, closeAnswers: 0, shed: 0, shedAfterSignal: 0, refused: 0, failed: 0, failures: [] };
  let signalled = false;
  let signalledAt = 0;
  let over = false;
  const client = async (i: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let n = i;
    try {
      while (!over) {
        const url = urls[n++ % urls.length];
        try {
          const r = await get(url, agent);
          if (r.status === 200) tally.ok++;
          else if (r.status === 503 && r.retryAfter) {
            tally.shed++;
            if (signalled) tally.shedAfterSignal++;
          } else {
            tally.failed++;
            tally.failures.push(`${url}: HTTP ${r.status}`);
          }
          if (r.connection === 'close' && signalled) tally.closeAnswers++;
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code ?? String(err);
          if (code === 'ECONNREFUSED' && signalled && !opts.rolling) {
            // The listener is closed: this client would now go to another instance.
            tally.refused++;
            return;
          }
          tally.failed++;
          tally.failures.push(`${url}: ${code}${signalled ? ` (${Math.round(performance.now() - signalledAt)} ms after the signal)` : ''}`);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  const clients = Array.from({ length: CONNECTIONS }, (_, i) => client(i));
  await sleep(LOAD_BEFORE_MS);
  signalled = true;
  signalledAt = performance.now();
  signal();
  await sleep(LOAD_AFTER_MS);
  over = true;
  await Promise.all(clients);
  return tally;
}

const line = (label: string, t: Tally, extra: string) =>
  `${label}\n    answered 200: ${t.ok}   Connection: close after the signal: ${t.closeAnswers}   503+Retry-After: ${t.shed} (${t.shedAfterSignal} after the signal)   FAILED: ${t.failed}   refused new connections after the signal: ${t.refused}\n    ${extra}${
    t.failures.length ? `\n    failures: ${[...new Set(t.failures)].slice(0, 10).join('; ')}` : ''
  }`;

async function main(): Promise<void> {
  const built = existsSync(path.join(ROOT, 'dist/server/server.js')) && existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'));
  const serverCmd = built
    ? [process.execPath, path.join(ROOT, 'dist/server/server.js')]
    : [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/server.ts')];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'drain-data-'));
  const gwPort = await freePort();
  const gateway = start([process.execPath, '--import', 'tsx', path.join(ROOT, 'src/backend/main.ts')], {
    GATEWAY_PORT: String(gwPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  const children: ChildProcess[] = [gateway];
  let failedTotal = 0;
  try {
    await waitForUrl(`http://127.0.0.1:${gwPort}/api/city/findAll`, gateway);
    const first = (await (
      await fetch(`http://127.0.0.1:${gwPort}/api/house/search/findByCondition`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cityId: 1, houseType: 11, size: 1 }),
      })
    ).json()) as { obj: { content: Array<{ houseId: number }> } };
    const pages = ['/ershoufang/', `/ershoufang/${first.obj.content[0].houseId}.html`, '/xinfang/', '/'];
    const common = {
      ...(built ? { NODE_ENV: 'production' } : {}),
      GATEWAY_URL: `http://127.0.0.1:${gwPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTRY_WATCH: '0',
      REGISTRY_PATH: registryWithoutPageCache(path.join(ROOT, 'registry.json')),
      HOST: '127.0.0.1',
    };
    out(
      `drain-check: ${CONNECTIONS} keep-alive connections, pages rendered per request (${pages.join(' ')}), SIGTERM after ${LOAD_BEFORE_MS} ms of load, load for ${LOAD_AFTER_MS} ms more; ${built ? 'built server' : 'sources via tsx'}`,
    );

    const only = process.env.DRAIN_CASES?.split(',');
    for (const c of [
      { label: '1. one process (WEB_CONCURRENCY=1), SIGTERM to it', workers: 1, target: 'process' as const },
      { label: '2. cluster of 2 workers, SIGTERM to one worker (rolling restart)', workers: 2, target: 'worker' as const },
      { label: '3. cluster of 2 workers, SIGTERM to the primary', workers: 2, target: 'process' as const },
    ].filter((_, i) => !only || only.includes(String(i + 1)))) {
      const port = await freePort();
      const portal = start(serverCmd, { ...common, PORT: String(port), WEB_CONCURRENCY: String(c.workers) });
      children.push(portal);
      const base = `http://127.0.0.1:${port}`;
      await waitForUrl(`${base}/`, portal);
      // Every worker up (each answers its first request slowly): warm them all before the measured load.
      if (c.workers > 1) while (childPids(portal.pid as number).length < c.workers) await sleep(200);
      for (let i = 0; i < 20; i++) await (await fetch(`${base}${pages[i % pages.length]}`)).arrayBuffer();
      let signalledAt = 0;
      let victim = 0;
      const tally = await underLoad(
        pages.map((p) => `${base}${p}`),
        () => {
          signalledAt = performance.now();
          if (c.target === 'worker') {
            victim = childPids(portal.pid as number)[0];
            process.kill(victim, 'SIGTERM');
          } else portal.kill('SIGTERM');
        },
        { rolling: c.target === 'worker' },
      );
      let extra: string;
      if (c.target === 'worker') {
        const workers = childPids(portal.pid as number);
        extra = `worker ${victim} drained and exited; workers now ${workers.join(', ')} (${workers.includes(victim) ? 'NOT replaced' : 'replaced by the primary'})`;
        portal.kill('SIGTERM');
        await exited(portal);
      } else {
        const code = await exited(portal);
        extra = `exit code ${code}, ${Math.round(performance.now() - signalledAt)} ms after the signal`;
      }
      failedTotal += tally.failed;
      out(line(c.label, tally, extra));
    }
    out(failedTotal === 0 ? 'drain-check: no request failed' : `drain-check: ${failedTotal} requests FAILED`);
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
  }
  process.exitCode = failedTotal === 0 ? 0 : 1;
}

void main();
