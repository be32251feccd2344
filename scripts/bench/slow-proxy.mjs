// The gateway as the portal sees it over a network, for scripts/ttfb-secondary.ts: a proxy in its own process (so
// its work never lands on the portal's event loop) that holds calls matching SLOW for DELAY_MS and notes how long
// calls matching PRIMARY took. GET /__primary answers those durations (ms) and forgets them.
import http from 'node:http';

const target = new URL(process.env.TARGET);
const delayMs = Number(process.env.DELAY_MS ?? 300);
const slow = new RegExp(process.env.SLOW);
const primary = new RegExp(process.env.PRIMARY);
let primaryMs = [];

const server = http.createServer((req, res) => {
  const url = req.url ?? '';
  if (url === '/__primary') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(primaryMs));
    primaryMs = [];
    return;
  }
  const started = performance.now();
  const forward = () => {
    const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
      r.on('end', () => {
        if (primary.test(url)) primaryMs.push(performance.now() - started);
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  };
  if (slow.test(url)) setTimeout(forward, delayMs);
  else forward();
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
