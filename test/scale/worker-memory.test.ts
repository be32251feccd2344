import t from 'tap';
import { workerLaunch } from '../../src/worker-memory.ts';

const settings = { maxOldSpaceMb: 256, maxSemiSpaceMb: 8, mallocArenaMax: 2, mallocMmapThresholdKb: 128 };

t.test(
  "a worker is forked with site.workerMemory's flags after the primary's own, and glibc's MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_",
  async (t) => {
    const launch = workerLaunch(settings, { execArgv: ['--import', 'tsx'], env: {} });
    t.same(launch.execArgv, ['--import', 'tsx', '--max-old-space-size=256', '--max-semi-space-size=8']);
    t.same(launch.env, { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' });
  },
);

t.test("a flag given to node (its arguments or NODE_OPTIONS, either spelling) and the environment's MALLOC_ARENA_MAX win", async (t) => {
  const fromArgs = workerLaunch(settings, {
    execArgv: ['--max_old_space_size=1024'],
    env: { MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' },
  });
  t.same(fromArgs.execArgv, ['--max_old_space_size=1024', '--max-semi-space-size=8']);
  t.same(fromArgs.env, {}, 'the glibc variables stay as the environment has them (the worker inherits them)');
  const fromOptions = workerLaunch(settings, { execArgv: [], env: { NODE_OPTIONS: '--enable-source-maps --max-semi-space-size=32' } });
  t.same(fromOptions.execArgv, ['--max-old-space-size=256']);
});

t.test('0 leaves a setting to V8 or glibc', async (t) => {
  const launch = workerLaunch(
    { maxOldSpaceMb: 0, maxSemiSpaceMb: 0, mallocArenaMax: 0, mallocMmapThresholdKb: 0 },
    { execArgv: [], env: {} },
  );
  t.same(launch, { execArgv: [], env: {} });
});
