import t from 'tap';
import { ConfigError, loadConfig } from '../../src/config.ts';

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed. A bare number (Express's "hops") would be read by
 * Fastify as the address 0.0.0.1 and trust nobody: every visitor behind the proxy would share one address and its
 * limits (issue 33 probe). It is refused at start with a message that says so.
 */
const base = { COOKIE_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' };

t.test('a number of hops is refused, naming the mistake', async (t) => {
  for (const hops of ['1', '2']) {
    let err: unknown;
    try {
      loadConfig({ ...base, TRUST_PROXY: hops }, process.cwd());
    } catch (e) {
      err = e;
    }
    t.ok(err instanceof ConfigError, `TRUST_PROXY=${hops} is refused at start`);
    t.match((err as Error).message, 'not a number of hops');
  }
});

t.test('addresses, ranges, true and false are what they say', async (t) => {
  t.equal(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }, process.cwd()).trustProxy, '127.0.0.1');
  t.equal(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }, process.cwd()).trustProxy, '10.0.0.0/8, 127.0.0.1');
  t.equal(loadConfig({ ...base, TRUST_PROXY: 'true' }, process.cwd()).trustProxy, true);
  t.equal(loadConfig({ ...base, TRUST_PROXY: '0' }, process.cwd()).trustProxy, false);
  t.equal(loadConfig(base, process.cwd()).trustProxy, false);
});
