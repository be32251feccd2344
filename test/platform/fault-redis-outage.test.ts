/**
 * One log line per Redis outage (issue 33 section 4; README: "Redis down: one error line"): a connection made by
 * src/redis-client.ts says once that Redis is unavailable and once that it is back, however many times it retries in
 * between. Measured before: the account rate-limit store logged a warn per reconnect attempt (55 in a 20 s outage).
 * With a real redis-server, stopped for about 3 s and started again on the same port.
 */
import pino from 'pino';
import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import { redisChannel } from '../../src/redis-channel.ts';
import { createRedisClient } from '../../src/redis-client.ts';

interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}

function capture(): { log: pino.Logger; lines: Line[] } {
  const lines: Line[] = [];
  const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
  return { log, lines };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OUTAGE_MS = 3000;

t.test('a client: one warn line when Redis goes away, one info line with the outage when it is back', async (t) => {
  let redis = await startRedis();
  const { port } = redis;
  t.teardown(() => redis.stop());
  const { log, lines } = capture();
  const client = createRedisClient({
    url: redis.url,
    log,
    what: 'account rate-limit store',
    // The account store's own options: fail fast while Redis is away.
    options: { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false },
  });
  t.teardown(() => client.disconnect());
  t.ok(await until(() => client.status === 'ready', 5000), 'connected');
  t.equal(await client.ping(), 'PONG');
  t.same(lines, [], 'nothing logged while Redis is there');

  let attempts = 0;
  let errors = 0;
  client.on('reconnecting', () => attempts++);
  client.on('error', () => errors++);
  await redis.stop();
  await sleep(OUTAGE_MS);
  t.ok(attempts >= 3, `the client kept retrying (${attempts} attempts)`);
  t.ok(errors >= 3, `and ioredis reported ${errors} errors`);
  await t.rejects(client.ping(), 'commands fail fast while Redis is away');

  redis = await startRedis({ port });
  t.ok(await until(() => client.status === 'ready', 10_000), 'connected again on its own');
  t.equal(await client.ping(), 'PONG');
  await sleep(300);

  const warns = lines.filter((l) => l.level === 40);
  const infos = lines.filter((l) => l.level === 30);
  t.equal(warns.length, 1, `exactly one warn line (${errors} errors)`);
  t.equal(infos.length, 1, 'exactly one info line');
  t.equal(lines.length, 2, 'and nothing else');
  t.match(warns[0], { redis: `127.0.0.1:${port}`, err: /ECONNREFUSED|Connection is closed|connect/, msg: /account rate-limit store/ });
  t.match(infos[0], { redis: `127.0.0.1:${port}`, msg: /account rate-limit store/ });
  const outageMs = infos[0]?.outageMs as number;
  t.ok(outageMs >= OUTAGE_MS - 200 && outageMs < OUTAGE_MS + 10_000, `the info line says how long: ${outageMs} ms`);
  t.notMatch(JSON.stringify(lines), /redis:\/\//, 'no URL (it may carry a password) in the log');

  client.disconnect();
  await sleep(200);
  t.equal(lines.length, 2, 'a close on purpose logs nothing');
});

t.test('Redis away at start: one warn line, then one info line once it comes', async (t) => {
  const probe = await startRedis();
  const { port } = probe;
  await probe.stop();
  const { log, lines } = capture();
  const client = createRedisClient({ url: `redis://127.0.0.1:${port}`, log, what: 'a test store' });
  t.teardown(() => client.disconnect());
  await sleep(1500);
  t.equal(lines.length, 1, 'one line while Redis never answered');
  t.match(lines[0], { level: 40, msg: /a test store/ });
  const redis = await startRedis({ port });
  t.teardown(() => redis.stop());
  t.ok(await until(() => client.status === 'ready', 10_000), 'connected once Redis is there');
  t.equal(lines.length, 2);
  t.match(lines[1], { level: 30, msg: /a test store/ });
});

t.test('a channel (both of its connections): still one error line and one info line per outage', async (t) => {
  let redis = await startRedis();
  const { port } = redis;
  t.teardown(() => redis.stop());
  const { log, lines } = capture();
  const channel = await redisChannel<{ n: number }>({
    url: redis.url,
    log,
    channel: 'fault-redis-outage',
    isMessage: (v): v is { n: number } => typeof (v as { n?: unknown })?.n === 'number',
    words: { what: 'test events', alone: 'stay in this process', message: 'test event' },
  });
  t.teardown(() => channel.close());
  t.ok(channel.shared(), 'shared at start');
  t.same(
    lines.map((l) => l.msg),
    ['test events shared through Redis'],
  );
  lines.length = 0;

  await redis.stop();
  await sleep(OUTAGE_MS);
  t.notOk(channel.shared(), 'alone while Redis is away');
  redis = await startRedis({ port });
  t.ok(await until(() => channel.shared(), 10_000), 'shared again on its own');
  await sleep(300);
  t.equal(lines.filter((l) => l.level === 50 && /Redis unreachable: test events stay in this process/.test(l.msg)).length, 1);
  const back = lines.filter((l) => l.level === 30 && /Redis reachable again: test events/.test(l.msg));
  t.equal(back.length, 1);
  t.ok((back[0]?.outageMs as number) >= OUTAGE_MS - 200, `with the outage: ${back[0]?.outageMs} ms`);
  t.equal(lines.length, 2, `nothing else (${lines.map((l) => l.msg).join(' | ')})`);
});
