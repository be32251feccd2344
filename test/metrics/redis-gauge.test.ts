import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import { buildTestApp } from '../helpers/build.ts';
import { parseMetrics, sampleValue } from '../helpers/metrics-text.ts';

/**
 * Issue 36 part 1: portal_redis_up says whether the portal reaches Redis (REDIS_URL), with a real redis-server stopped
 * and started again on the same port.
 */

const TOKEN = 'redis-gauge-token-0123456789abcdef012345';

t.test('portal_redis_up is 1 while Redis answers, 0 while it is away, 1 again once it is back', async (t) => {
  let redis = await startRedis();
  const port = redis.port;
  t.teardown(() => redis.stop());
  const portal = await buildTestApp({ adminToken: TOKEN, redisUrl: redis.url });
  t.teardown(() => portal.close());
  const up = async () =>
    sampleValue(
      parseMetrics((await portal.app.inject({ url: '/-/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body),
      'portal_redis_up',
    );
  const until = async (value: number) => {
    for (let i = 0; i < 100 && (await up()) !== value; i++) await new Promise((r) => setTimeout(r, 100));
    return up();
  };
  t.equal(await until(1), 1, 'connected');
  await redis.stop();
  t.equal(await until(0), 0, 'Redis stopped');
  redis = await startRedis({ port });
  t.equal(await until(1), 1, 'back');
});
