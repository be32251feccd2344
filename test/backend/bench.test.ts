import t from 'tap';
import { benchBackend } from '../../scripts/bench-backend.ts';
import { seededDataDir } from '../helpers/backend.ts';

t.test('benchBackend measures the second-hand list query and reports p50, p99 and n', async (t) => {
  const r = await benchBackend({ n: 200, rounds: 1, dataDir: await seededDataDir() });
  t.equal(r.n, 200);
  // Only the shape of the report: timings are `npm run bench`'s to judge (a loaded CI machine is no measure).
  t.ok(r.p50 > 0 && r.p50 <= r.p99, `p50 ${r.p50} ms, p99 ${r.p99} ms`);
});
