import t from 'tap';
import { loggableQuery } from '../../plugins/logging.ts';
import { queryHasXss } from '../../src/lib/query-scan.ts';

t.test('each of > < \' " & # in a key or a value is flagged', async (t) => {
  for (const ch of ['>', '<', "'", '"', '&', '#']) {
    t.ok(queryHasXss({ q: `a${ch}b` }), `value with ${ch}`);
    t.ok(queryHasXss({ [`k${ch}`]: 'v' }), `key with ${ch}`);
  }
  t.ok(queryHasXss({ q: ['ok', '<script>'] }), 'repeated keys are all scanned');
  t.notOk(queryHasXss({ keyword: '岳麓区 三室', page: '2' }), 'ordinary Chinese text is clean');
});

t.test('the logged query is stripped of control characters and capped', async (t) => {
  t.equal(loggableQuery('/s?q=a\u0000b\nc'), 'q=abc');
  const long = loggableQuery(`/s?q=${'x'.repeat(1000)}`);
  t.equal(long.length, 257);
  t.equal(loggableQuery('/s'), '');
});
