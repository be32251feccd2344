import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import { seededDataDir } from '../helpers/backend.ts';

/**
 * Every acknowledged write survives kill -9 (issue 3): the backend runs as a child process (`tsx src/backend/main.ts`),
 * writers hammer it with appointments, favourites and chat records, the child is SIGKILLed mid-load, restarted, and
 * every write that got a 200 answer must be in the database with its content. Two rounds, killed at different moments:
 * after a number of acknowledged writes (not after a time, so a loaded CI machine kills as deep into the load), plus a
 * few milliseconds so that writes are in flight.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = await seededDataDir();

interface Running {
  child: ChildProcess;
  url: string;
}

function startChild(): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/backend/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, GATEWAY_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`backend did not start: ${buf}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = buf.match(/"url":"(http:\/\/127\.0\.0\.1:\d+)"/);
      if (m) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ child, url: m[1] });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`backend exited ${code}: ${buf}`)));
  });
}

interface Ack {
  kind: 'kanfang' | 'collect' | 'chat';
  key: string;
  id?: number;
}

/** Writers run until the child dies; only writes answered with 200 and status 200 are recorded. */
async function writeUntilDead(url: string, round: number, acks: Ack[], stop: { dead: boolean }): Promise<number> {
  let attempts = 0;
  const writer = async (w: number) => {
    for (let i = 0; !stop.dead; i++) {
      const key = `r${round}w${w}i${i}`;
      const kind = (['kanfang', 'collect', 'chat'] as const)[i % 3];
      attempts++;
      try {
        let res: Response;
        if (kind === 'kanfang') {
          res = await fetch(`${url}/api/kanfang/add`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: key, phone: '13900001111', houseId: 1, remark: key }),
          });
        } else if (kind === 'collect') {
          res = await fetch(`${url}/api/house/collect/addXiaoQu/${1 + (i % 20)}/${key}`);
        } else {
          res = await fetch(`${url}/api/microchat/record`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userId: key, targetId: 'b100001', msgType: 'text', content: key }),
          });
        }
        if (res.status !== 200) continue;
        const body = (await res.json()) as { status: number; obj: { id?: number } };
        if (body.status === 200) acks.push({ kind, key, id: body.obj?.id });
      } catch {
        // Connection refused or reset: the process is dead; this write was never acknowledged.
        if (stop.dead) return;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
  return attempts;
}

function missing(acks: Ack[]): Ack[] {
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  try {
    const kanfang = db.prepare('SELECT name FROM kanfang WHERE id = ?').pluck();
    const collect = db.prepare("SELECT 1 FROM collect WHERE member_id = ? AND kind = 'xiaoqu'").pluck();
    const chat = db.prepare('SELECT content FROM chat_record WHERE id = ?').pluck();
    return acks.filter((a) => {
      if (a.kind === 'kanfang') return kanfang.get(a.id) !== a.key;
      if (a.kind === 'collect') return !collect.get(a.key);
      return chat.get(a.id) !== a.key;
    });
  } finally {
    db.close();
  }
}

async function untilAcked(acks: Ack[], count: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (acks.length < count && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}

const allAcks: Ack[] = [];
for (const [round, killAfterAcks, extraMs] of [
  [1, 60, 7],
  [2, 150, 13],
] as const) {
  t.test(`round ${round}: SIGKILL after ${killAfterAcks} acknowledged writes loses no acknowledged write`, async (t) => {
    const { child, url } = await startChild();
    const acks: Ack[] = [];
    const stop = { dead: false };
    const exited = new Promise((r) => child.once('exit', r));
    const load = writeUntilDead(url, round, acks, stop);
    await untilAcked(acks, killAfterAcks, child);
    await new Promise((r) => setTimeout(r, extraMs));
    child.kill('SIGKILL');
    await exited;
    stop.dead = true;
    const attempts = await load;
    t.ok(acks.length >= killAfterAcks, `${acks.length} acknowledged of ${attempts} attempted writes`);
    allAcks.push(...acks);

    // Restart: WAL recovery happens on open; then every acknowledged write of every round must be there.
    const again = await startChild();
    const check = await fetch(`${again.url}/api/house/collect/isCollect/${1 + (0 % 20)}/r${round}w0i1?kind=xiaoqu`);
    t.equal(check.status, 200);
    t.same(missing(allAcks), [], 'every acknowledged row is present with its content');
    const down = new Promise((r) => again.child.once('exit', r));
    again.child.kill('SIGTERM');
    t.equal(await down, 0, 'graceful shutdown on SIGTERM exits 0');
  });
}
