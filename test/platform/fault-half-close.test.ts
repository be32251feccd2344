/**
 * A half-closed request is answered (issue 33 section 4): a client that sends a whole GET and then half-closes its
 * socket (TCP FIN after the request, `socket.end()`) gets the full page, then the server closes. A client that is
 * really gone (the socket destroyed) costs nothing more than before: the server does not hang on to it.
 */
import net from 'node:net';
import t from 'tap';
import { buildAppOverBackend } from '../helpers/build.ts';

const portal = await buildAppOverBackend(t);
await portal.app.listen({ port: 0, host: '127.0.0.1' });
const port = (portal.app.server.address() as net.AddressInfo).port;

async function firstListings(houseType: number, size: number) {
  const r = await fetch(`${portal.backend.url}/api/house/search/findByCondition`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cityId: 1, houseType, size }),
  });
  return ((await r.json()) as { obj: { content: Array<{ houseId: number; title: string }> } }).obj.content;
}

interface Exchange {
  answer: string;
  /** The server ended its side (a FIN after the answer), rather than the guard timing out. */
  ended: boolean;
}

/** Writes `GET path`, half-closes at once (FIN); resolves with everything the server wrote until it closed. */
function halfClosedGet(path: string, limitMs = 10_000): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => {
      socket.end(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\nUser-Agent: half-close-test\r\n\r\n`);
    });
    const chunks: Buffer[] = [];
    let ended = false;
    const guard = setTimeout(() => socket.destroy(), limitMs);
    socket.on('data', (b: Buffer) => chunks.push(b));
    socket.on('end', () => {
      ended = true;
    });
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ answer: Buffer.concat(chunks).toString(), ended });
    });
    socket.on('error', () => {});
  });
}

/** The body of a chunked or plain HTTP/1.1 answer, de-chunked well enough to search its text. */
function bodyOf(answer: string): string {
  const at = answer.indexOf('\r\n\r\n');
  const head = answer.slice(0, at);
  const body = answer.slice(at + 4);
  if (!/transfer-encoding: chunked/i.test(head)) return body;
  let out = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    if (line < 0) break;
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (!Number.isFinite(size) || size === 0) break;
    // Sizes count bytes: cut the chunk from the bytes, not the characters.
    const bytes = Buffer.from(rest.slice(line + 2));
    out += bytes.subarray(0, size).toString();
    rest = bytes.subarray(size + 2).toString();
  }
  return out;
}

t.test('uncached listing details, half-closed after the request: 200 with the page, then closed', async (t) => {
  const listings = await firstListings(11, 3);
  t.ok(listings.length >= 3, 'the seed has listings');
  for (const { houseId, title } of listings) {
    const path = `/ershoufang/${houseId}.html`;
    const { answer, ended } = await halfClosedGet(path);
    t.match(answer, /^HTTP\/1\.1 200 /, `${path}: status line`);
    t.ok(bodyOf(answer).includes(title), `${path}: the body holds the listing's title`);
    t.ok(/<\/html>/.test(bodyOf(answer)), `${path}: the whole document`);
    t.ok(ended, `${path}: the server closed its side after the answer`);
  }
});

t.test('/xhjmap, half-closed after the request: 200 with the map page', async (t) => {
  const { answer, ended } = await halfClosedGet('/xhjmap');
  t.match(answer, /^HTTP\/1\.1 200 /, 'status line');
  t.ok(bodyOf(answer).includes('二手房地图找房'), 'the body holds the page title');
  t.ok(ended, 'the server closed its side after the answer');
});

for (const how of ['destroy', 'resetAndDestroy'] as const) {
  t.test(`a client that is really gone (${how} after the request) leaves no connection behind`, async (t) => {
    const [{ houseId }] = await firstListings(11, 1);
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /ershoufang/${houseId}.html?gone=${how} HTTP/1.1\r\nHost: localhost\r\n\r\n`, () => {
          socket[how]();
          resolve();
        });
      });
      socket.on('error', () => {});
    });
    const server = portal.app.server;
    const started = Date.now();
    let open = 1;
    while (Date.now() - started < 5000) {
      open = await new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
      if (open === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    t.equal(open, 0, 'the server dropped the connection');
  });
}

t.test('a request sent without a half-close is answered as always', async (t) => {
  const [{ houseId, title }] = await firstListings(11, 1);
  const res = await fetch(`http://127.0.0.1:${port}/ershoufang/${houseId}.html`);
  t.equal(res.status, 200);
  t.ok((await res.text()).includes(title));
});
