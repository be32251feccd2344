import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nothing listens on right now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export const hasTaskset = spawnSync('taskset', ['-V']).status === 0;

/** Start a process, pinned to `core` where taskset exists; resolves once `url` answers. */
export async function startPinned(core: number, cmd: string[], env: NodeJS.ProcessEnv, url: string): Promise<ChildProcess> {
  const argv = hasTaskset ? ['taskset', '-c', String(core), ...cmd] : cmd;
  const child = spawn(argv[0], argv.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status < 500) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${cmd.join(' ')} did not answer ${url} within 60 s`);
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Resident set size of a process in MB (Linux), or NaN. */
export function rssMb(pid: number | undefined): number {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, clock ticks of 10 ms), or NaN. */
export function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command name, which is in parentheses and may contain spaces: utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Pids of the child processes of `pid` (a cluster's workers), or none. */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/**
 * Re-runs the calling script pinned to core 1 (once: BENCH_PINNED marks the pinned run), so the load generator never
 * shares the server's core 0; returns only in the pinned run, or where taskset is missing.
 */
export function rerunPinnedToLoadCore(): void {
  if (!hasTaskset || process.env.BENCH_PINNED) return;
  const r = spawnSync('taskset', ['-c', '1', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(r.status ?? 1);
}
