import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

t.test('an edit of registry.json takes effect within 2 s; a broken edit is rejected and logged', async (t) => {
  const lines: string[] = [];
  const { app, close, registryPath } = await buildTestApp({ watchRegistry: true, logLines: lines });
  t.teardown(close);
  t.equal((await app.inject('/brand-new-page')).statusCode, 404);

  const reg = JSON.parse(readFileSync(registryPath, 'utf8'));
  reg.pages.push({
    name: 'brandNew',
    paths: ['/brand-new-page'],
    module: 'gjabout',
    layout: 'default',
    cache: 'no-cache',
    meta: { title: '新栏目' },
  });
  writeFileSync(registryPath, JSON.stringify(reg));
  t.ok(await eventually(async () => (await app.inject('/brand-new-page')).statusCode === 200), 'the new route serves within 2 s');

  const broken = JSON.parse(JSON.stringify(reg));
  broken.pages.find((p: { name: string }) => p.name === 'brandNew').cache = 'sometimes';
  writeFileSync(registryPath, JSON.stringify(broken));
  t.ok(
    await eventually(async () => lines.some((l) => l.includes('registry edit rejected') && l.includes("page 'brandNew'"))),
    'the rejection names the bad entry',
  );
  t.equal((await app.inject('/brand-new-page')).statusCode, 200, 'the previous registry keeps serving');

  writeFileSync(registryPath, '{ not json');
  t.ok(await eventually(async () => lines.some((l) => l.includes('not valid JSON'))));
  t.equal((await app.inject('/')).statusCode, 200);
});

t.test('the server refuses to start on an invalid registry', async (t) => {
  await t.rejects(
    buildTestApp({
      editRegistry: (r) => {
        r.pages[0].layout = 'missing';
      },
    }),
    { name: 'RegistryError', message: /unknown layout 'missing'/ },
  );
});
