import { Signer } from '@fastify/cookie';
import t, { type Test } from 'tap';
import { freePort } from '../../scripts/bench/procs.ts';
import { startRedis } from '../../scripts/redis.ts';
import { MEMBER_SOCKET_PATH } from '../../src/lib/member-socket.ts';
import { parseNoticeFrame } from '../../src/lib/notice-frame.ts';
import { ensureBackendMember, seededDataDir } from '../helpers/backend.ts';
import { MEMBER, TEST_SECRET } from '../helpers/build.ts';
import { type PortalProcess, startPortalProcess } from '../helpers/portal-process.ts';
import { openSocket } from '../helpers/ws-client.ts';
import { listEntrustedHome, saveWholeList } from './helpers.ts';

/**
 * Issue 37 part 2 as `npm start` runs it: the embedded gateway in the cluster's primary, two portal workers. A notice
 * the gateway records reaches the member's sockets on both workers within 2 s: with REDIS_URL the primary hands it to
 * one worker, whose member event goes through Redis to all; without, it hands it to each worker.
 */

async function cluster(env: Record<string, string>): Promise<{ portal: PortalProcess; gateway: string; cookie: string }> {
  const dataDir = await seededDataDir();
  const token = ensureBackendMember(dataDir, MEMBER, false);
  const cookie = `userInfo=${encodeURIComponent(
    new Signer(TEST_SECRET).sign(JSON.stringify({ uid: MEMBER.uid, userId: MEMBER.userId, token })),
  )}`;
  const gatewayPort = await freePort();
  const portal = await startPortalProcess({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir, GATEWAY_PORT: String(gatewayPort), ...env });
  // Both workers listen on the portal's port (the gateway's own line names another).
  const at = `Server listening at ${portal.base}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  await portal.waitFor(new RegExp(`${at}[\\s\\S]*${at}`));
  return { portal, gateway: `http://127.0.0.1:${gatewayPort}`, cookie };
}

/** The worker pids that wrote `notice sent to member sockets` for this notice. */
function sendingWorkers(output: string, noticeId: number): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.includes('notice sent to member sockets')) continue;
    try {
      const l = JSON.parse(line) as { pid: number; noticeId: number };
      if (l.noticeId === noticeId) pids.add(l.pid);
    } catch {
      // not a log line
    }
  }
  return pids;
}

async function reachesEveryWorker(t: Test, env: Record<string, string>) {
  const { portal, gateway, cookie } = await cluster(env);
  t.teardown(() => portal.stop());
  const ws = `${portal.base.replace('http', 'ws')}${MEMBER_SOCKET_PATH}`;
  // The primary deals connections to the workers in turn: six sockets are held by both.
  const sockets = await Promise.all(Array.from({ length: 6 }, () => openSocket(ws, { cookie })));
  t.teardown(() => {
    for (const s of sockets) s.socket.terminate();
  });
  t.equal((await saveWholeList(gateway, MEMBER.uid)).status, 200);
  const started = Date.now();
  await listEntrustedHome(gateway, 'owner-cluster');
  const frames = await Promise.all(sockets.map((s) => s.nextMessage(2000)));
  const took = Date.now() - started;
  const notices = frames.map(parseNoticeFrame);
  t.ok(
    notices.every((n) => n?.notice.title === '「长沙二手房」有新房源'),
    'every socket of the member got the notice',
  );
  t.ok(took < 2000, `within 2 s (${took} ms)`);
  const id = notices[0]?.notice.id ?? 0;
  await new Promise((r) => setTimeout(r, 200));
  t.equal(sendingWorkers(portal.output(), id).size, 2, 'sent by both workers to the sockets each holds');
  for (const s of sockets) t.equal(await s.nextMessage(200), null, 'once per socket');
}

t.test('the cluster with REDIS_URL: a notice reaches the sockets of both workers', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  await reachesEveryWorker(t, { REDIS_URL: redis.url });
});

t.test('the cluster without Redis: the primary hands the notice to each worker', async (t) => {
  await reachesEveryWorker(t, {});
});
