// The reference point, measured here on the page under test: plain renderToPipeableStream per request.
// The page's React tree is rendered from the state the page carries (BODY_FILE: the page's own bytes), so there is no
// gateway call, no middleware, no cache, no ETag: a Fastify route that pipes React's stream to the reply at
// shell-ready, the way a first implementation would, with the same one log line per request as the ceiling (a).
// It runs from source through tsx with NODE_ENV=production (React's production build).
import { readFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { renderToPipeableStream } from 'react-dom/server';
import { App } from '../../src/render/App.tsx';
import { loadPageComponent } from '../../src/render/modules.ts';
import { pageParts } from './page-parts.ts';

const { head, tail, state } = pageParts(readFileSync(String(process.env.BODY_FILE), 'utf8'));
const Page = await loadPageComponent(state.route.module);

const app = Fastify({ logger: { level: 'info' }, logController: new LogController({ disableRequestLogging: true }) });
app.addHook('onResponse', async (req, reply) => {
  req.log.info({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: reply.elapsedTime }, 'request completed');
});
app.get('/*', (req, reply) => {
  const [ssrPath, ssrSearch = ''] = req.url.split('?');
  // React ends the stream it is piped into; the document's tail goes out as that stream finishes.
  const out = new Transform({
    transform: (chunk, _enc, done) => done(null, chunk),
    flush: (done) => done(null, tail),
  });
  out.write(head);
  const { pipe } = renderToPipeableStream(<App state={state} Page={Page} ssrPath={ssrPath} ssrSearch={ssrSearch} />, {
    onShellReady() {
      reply.type('text/html; charset=utf-8').send(out);
      pipe(out);
    },
    onShellError(err) {
      reply.code(500).send(String(err));
    },
  });
  return reply;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
