import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { App } from '../src/render/App.tsx';
import { emptyAssets } from '../src/render/assets.ts';
import { loadPageComponent } from '../src/render/modules.ts';
import { renderDocument } from '../src/render/stream.ts';
import { pageParts, registryWithoutCache } from './bench/page-parts.ts';

/**
 * `npx tsx --cpu-prof scripts/profile-render.ts <gatewayUrl> [path] [n]`: renders a page n times in-process
 * through fastify.inject with the page cache off, against a gateway running elsewhere, and prints the mean time
 * per request. Run under --cpu-prof to see where the time of bench scenario (c) goes without the network.
 * It then renders the page's React tree alone, from the state the page carries, with renderDocument as a whole
 * document is served (one synchronous renderToString pass, src/render/stream.ts), as it streams
 * (renderToPipeableStream) and with renderToString itself, and prints the time of each: the share of a request
 * that is React's, and what streaming would add. All with the markup memo as served; renderToString once more without.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const [gatewayUrl, pagePath = '/', count = '2000'] = process.argv.slice(2);
if (!gatewayUrl) {
  process.stderr.write('usage: tsx scripts/profile-render.ts <gatewayUrl> [path] [n]\n');
  process.exit(2);
}

const registryPath = registryWithoutCache(path.join(ROOT, 'registry.json'));

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  GATEWAY_URL: gatewayUrl,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'profile-data-')),
  REGISTRY_PATH: registryPath,
  REGISTRY_WATCH: '0',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config, assets: emptyAssets() });
const n = Number(count);
for (let i = 0; i < 200; i++) await app.inject({ url: pagePath });
const started = performance.now();
const cpuBefore = process.cpuUsage();
let bytes = 0;
let html = '';
for (let i = 0; i < n; i++) {
  const res = await app.inject({ url: pagePath });
  if (res.statusCode !== 200) throw new Error(`${pagePath} answered ${res.statusCode}`);
  bytes = res.rawPayload.length;
  html = res.body;
}
const ms = (performance.now() - started) / n;
const cpu = process.cpuUsage(cpuBefore);
const cpuUs = (cpu.user + cpu.system) / n;
process.stdout.write(
  `${pagePath}: ${bytes} bytes, ${ms.toFixed(3)} ms wall and ${cpuUs.toFixed(0)} µs CPU per request over ${n} (sequential, in-process)\n`,
);

const { state } = pageParts(html);
const Page = await loadPageComponent(state.route.module);
const [ssrPath, ssrSearch = ''] = pagePath.split('?');
// As served: with the app's markup memo (a list's filter bar rendered once per list state, src/ui/markup-memo.tsx).
const markup = app.markupMemo(app.registry.current);
const tree = (memo = markup) => createElement(App, { state, Page, ssrPath, ssrSearch, markup: memo });
const timeRenders = async (render: () => unknown): Promise<number> => {
  for (let i = 0; i < 200; i++) await render();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await render();
  return ((performance.now() - t0) * 1000) / n;
};
const served = await timeRenders(() =>
  renderDocument(tree(), { head: Buffer.alloc(0), tail: '', waitForAll: true, timeoutMs: 10_000, log: app.log }),
);
// The same function made to stream (as it does while a secondary block is pending): renderToPipeableStream.
const streamed = await timeRenders(() =>
  renderDocument(tree(), { head: Buffer.alloc(0), tail: '', waitForAll: false, timeoutMs: 10_000, log: app.log }),
);
const asString = await timeRenders(() => renderToString(tree()));
const unmemoised = await timeRenders(() => renderToString(tree(null)));
process.stdout.write(
  `React alone, the same tree: renderDocument as served for a whole document ${served.toFixed(0)} µs, renderToPipeableStream ${streamed.toFixed(0)} µs, renderToString ${asString.toFixed(0)} µs per render; renderToString without the markup memo ${unmemoised.toFixed(0)} µs\n`,
);
await app.close();
