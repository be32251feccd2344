import pino from 'pino';
import { Suspense, use } from 'react';
import t from 'tap';
import { renderDocument } from '../../src/render/stream.ts';

const log = pino({ level: 'silent' });
const never = new Promise<string>(() => {});
const opts = { head: '<html><body>', tail: '</body></html>', log };

function Hangs() {
  return <p>{use(never)}</p>;
}

t.test('a tree with nothing pending comes back as one Buffer with head and tail', async (t) => {
  const r = await renderDocument(<p>你好</p>, { ...opts, waitForAll: false, timeoutMs: 1000 });
  t.equal(r.kind, 'buffer');
  if (r.kind === 'buffer') t.equal(r.body.toString(), '<html><body><p>你好</p></body></html>');
});

t.test('a pending Suspense boundary streams the shell at once and is aborted after the bound', async (t) => {
  const r = await renderDocument(
    <Suspense fallback={<i>加载中</i>}>
      <Hangs />
    </Suspense>,
    { ...opts, waitForAll: false, timeoutMs: 100 },
  );
  t.equal(r.kind, 'stream');
  if (r.kind !== 'stream') return;
  const chunks: Buffer[] = [];
  for await (const c of r.stream) chunks.push(Buffer.from(c));
  const html = Buffer.concat(chunks).toString();
  t.match(html, '加载中', 'the shell carries the fallback');
  t.ok(html.endsWith('</body></html>'), 'the document is closed after the abort');
});

t.test('a crawler render that hangs at the root is aborted and rejected', async (t) => {
  const started = Date.now();
  await t.rejects(renderDocument(<Hangs />, { ...opts, waitForAll: true, timeoutMs: 100 }));
  t.ok(Date.now() - started < 2000);
});
