import t from 'tap';
import { startRedis } from '../../scripts/redis.ts';
import { buildAppOverBackend } from '../helpers/build.ts';

/**
 * Issue 13 brute force, with several portal processes: with REDIS_URL the per-address and per-phone counters live in
 * Redis, so requests spread over two portals are counted together; without Redis each process would allow its own 20.
 */
t.test('the SMS limit per address holds across two portals sharing one Redis', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const one = await buildAppOverBackend(t, { redisUrl: redis.url });
  const two = await buildAppOverBackend(t, { redisUrl: redis.url });
  const sms = (portal: typeof one, phone: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/-/account/sms',
      remoteAddress: '10.9.9.9',
      headers: { accept: 'application/json' },
      payload: { phone, purpose: 'register' },
    });
  // 20 an hour per address (site.rateLimits sms-ip), half on each portal.
  for (let i = 0; i < 20; i++) {
    const res = await sms(i % 2 ? two : one, `1370001${String(i).padStart(4, '0')}`);
    t.equal(res.statusCode, 200, `request ${i + 1} on portal ${i % 2 ? 'two' : 'one'}`);
  }
  const limited = await sms(one, '13700019999');
  t.equal(limited.statusCode, 429, 'the 21st, on portal one, counts the ten portal two answered');
  t.same(limited.json(), { status: 429, message: '操作过于频繁，请稍后再试' });
});
