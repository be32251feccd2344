import { PassThrough } from 'node:stream';
import pino from 'pino';
import type React from 'react';
import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import t from 'tap';
import { renderDocument } from '../../src/render/stream.ts';

const log = pino({ level: 'silent' });
const never = new Promise<string>(() => {});
const opts = { head: Buffer.from('<html><body>'), tail: '</body></html>', log };

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

/** What renderToPipeableStream writes for `node` once everything is ready, every boundary in place (issue 20). */
function streamed(node: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    out.on('end', () => resolve(Buffer.concat(chunks).toString()));
    const { pipe } = renderToPipeableStream(node, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(out),
      onShellError: reject,
    });
  });
}

const settled = Object.assign(Promise.resolve('已加载'), { status: 'fulfilled' as const, value: '已加载' });

function Page({ rows }: { rows: number }) {
  return (
    <main className="page">
      <h1>
        二手房 {rows} 套<span>{'<&>'}</span>
      </h1>
      <Suspense fallback={<i>加载中</i>}>
        <Settled />
      </Suspense>
      <ul>
        {Array.from({ length: rows }, (_, n) => n + 1).map((i) => (
          <li key={i} data-i={i} style={{ marginTop: i }}>
            <a href={`/ershoufang/${i}.html`}>房源 {i}</a> {i % 2 === 0 ? null : '满五'}
          </li>
        ))}
      </ul>
    </main>
  );
}

function Settled() {
  return <p>{use(settled)}</p>;
}

t.test('a whole document is the same bytes as the stream writes, boundaries in place', async (t) => {
  // 400 rows: past React's progressive chunk size, where a completed boundary could have been outlined.
  for (const rows of [3, 400]) {
    const r = await renderDocument(<Page rows={rows} />, { ...opts, waitForAll: true, timeoutMs: 1000 });
    t.equal(r.kind, 'buffer');
    if (r.kind !== 'buffer') return;
    t.equal(r.body.toString(), `<html><body>${await streamed(<Page rows={rows} />)}</body></html>`, `${rows} rows`);
    t.match(r.body.toString(), '<!--$--><p>已加载</p><!--/$-->');
  }
});

function Later({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

t.test('a whole document still waits for a boundary that suspends', async (t) => {
  const later = new Promise<string>((resolve) => setTimeout(() => resolve('稍后到达'), 20));
  const r = await renderDocument(
    <Suspense fallback={<i>加载中</i>}>
      <Later value={later} />
    </Suspense>,
    { ...opts, waitForAll: true, timeoutMs: 1000 },
  );
  t.equal(r.kind, 'buffer');
  if (r.kind !== 'buffer') return;
  t.equal(r.body.toString(), '<html><body><!--$--><p>稍后到达</p><!--/$--></body></html>');
});
