import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import t from 'tap';
import { freePort, startRedis } from '../../scripts/redis.ts';
import { MEMBER_SOCKET_PATH } from '../../src/lib/member-socket.ts';
import { ensureBackendMember, startTestBackend, type TestBackend } from '../helpers/backend.ts';
import { MEMBER, ROOT, TEST_SECRET } from '../helpers/build.ts';
import { openSocket } from '../helpers/ws-client.ts';

/**
 * Issue 13: "several portal processes: revocations reach sockets held by any process". Two real portal processes
 * (src/server.ts, as production starts it) over one redis-server: the console signs a member out on process two, the
 * member's socket on process one gets the user id; another member's socket gets nothing.
 */

const ADMIN_TOKEN = 'console-token-0123456789abcdef0123456789';
const OTHER = { ...MEMBER, uid: 'u2002', userId: '2002' };

/** A signed login cookie ({uid, userId, sv}) of a member the backend knows. */
function cookieOf(backend: TestBackend, user: typeof MEMBER): string {
  const sv = ensureBackendMember(backend.dataDir, user, false);
  return `userInfo=${encodeURIComponent(new Signer(TEST_SECRET).sign(JSON.stringify({ uid: user.uid, userId: user.userId, sv })))}`;
}

interface Portal {
  base: string;
  child: ChildProcess;
  output: () => string;
}

async function startPortal(env: Record<string, string>): Promise<Portal> {
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
      // One process each (issue 20 made `npm start` one process per core by default).
      WEB_CONCURRENCY: '1',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      if (output.includes('Server listening')) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${output}`));
    });
  });
  return { base: `http://127.0.0.1:${port}`, child, output: () => output };
}

function stop(p: Portal): Promise<void> {
  if (p.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => p.child.kill('SIGKILL'), 5000);
    p.child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    p.child.kill('SIGTERM');
  });
}

t.test('a revocation on one portal process reaches the socket another process holds', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const env = { REDIS_URL: redis.url, GATEWAY_URL: backend.url, ADMIN_TOKEN };
  const [one, two] = await Promise.all([startPortal(env), startPortal(env)]);
  t.teardown(() => Promise.all([stop(one), stop(two)]));
  t.match(one.output(), /member events shared through Redis/);

  const ws = (p: Portal) => `${p.base.replace('http', 'ws')}${MEMBER_SOCKET_PATH}`;
  const member = await openSocket(ws(one), { cookie: cookieOf(backend, MEMBER) });
  const other = await openSocket(ws(one), { cookie: cookieOf(backend, OTHER) });
  await t.rejects(openSocket(ws(two), {}), /upgrade refused: 401/, 'a visitor is refused on process two as well');

  const res = await fetch(`${two.base}/-/admin/members/${MEMBER.userId}/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  t.equal(res.status, 200, 'the console signs the member out on process two');
  t.equal(await member.nextMessage(5000), MEMBER.userId, "process one's socket of the member gets the user id");
  t.equal(await other.nextMessage(500), null, 'another member gets nothing');
  t.equal(other.socket.readyState, 1);
  other.socket.close();
  await other.closed;
});
