import http from 'node:http';
import t from 'tap';
import { openDb } from '../../src/backend/db.ts';
import { buildTestApp } from '../helpers/build.ts';
import { perCallGateway } from '../helpers/per-call-gateway.ts';

/**
 * Issue 20 part 2, "stream what is secondary": a detail page loads its primary record before rendering and streams the
 * secondary blocks (recommended agents, similar listings, the estate's reviews, Q&A and neighbours) after the shell.
 * A gateway stand-in holds one secondary call (alone or in a batch) until the test releases it: a person gets the shell before the release,
 * a crawler gets the whole document in one piece, a client navigation gets the values in its JSON. No timings.
 */

const PERSON = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The embedded backend behind a stand-in gateway that holds every call whose path matches `hold` until `release()`. */
async function holdingGateway(t: { teardown(fn: () => unknown): void }) {
  let hold: RegExp | null = null;
  let waiting: Array<() => void> = [];
  let onHeld: (() => void) | null = null;
  const { url, backend } = await perCallGateway(t, async (call, forward) => {
    if (hold?.test(call)) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        onHeld?.();
      });
    }
    await forward();
  });
  return {
    url,
    backendUrl: backend.url,
    dataDir: backend.dataDir,
    /** Hold the calls matching `pattern`; resolves when the first one has arrived. */
    hold(pattern: RegExp): Promise<void> {
      hold = pattern;
      return new Promise<void>((resolve) => {
        onHeld = () => {
          onHeld = null;
          resolve();
        };
      });
    },
    release(): void {
      hold = null;
      const list = waiting;
      waiting = [];
      for (const f of list) f();
    },
  };
}

async function firstIds(backendUrl: string, apiPath: string, body: object, n: number): Promise<number[]> {
  const res = await fetch(`${backendUrl}${apiPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, size: n }),
  });
  return ((await res.json()) as { obj: { content: Array<{ houseId: number }> } }).obj.content.map((x) => x.houseId);
}

interface Response {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with the text received so far once it contains `marker`. */
  until(marker: string): Promise<string>;
  /** The whole body. */
  done: Promise<string>;
}

function get(base: string, path: string, userAgent: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { 'user-agent': userAgent } }, (res) => {
      let text = '';
      const waiters: Array<{ marker: string; resolve: (s: string) => void }> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const w of waiters.filter((x) => text.includes(x.marker))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(text);
        }
      });
      const done = new Promise<string>((r) => res.on('end', () => r(text)));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        until: (marker) => (text.includes(marker) ? Promise.resolve(text) : new Promise((r) => waiters.push({ marker, resolve: r }))),
        done,
      });
    });
    req.on('error', reject);
  });
}

const stateOf = (html: string) =>
  JSON.parse(
    html.slice(
      html.indexOf('>', html.indexOf('<script id="__STATE__"')) + 1,
      html.indexOf('</script>', html.indexOf('<script id="__STATE__"')),
    ),
  );

t.test('second-hand detail: the shell reaches a person before a held secondary call; crawlers and navigation get it all', async (t) => {
  const gw = await holdingGateway(t);
  const portal = await buildTestApp({ gatewayUrl: gw.url });
  t.teardown(() => portal.close());
  const base = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const [forPerson, forCrawler, forNavigation] = await firstIds(
    gw.backendUrl,
    '/api/house/search/findByCondition',
    { cityId: 1, houseType: 11 },
    3,
  );

  // A person: the similar listings (search/findByCondition) are held.
  let arrived = gw.hold(/search\/findByCondition/);
  const person = await get(base, `/ershoufang/${forPerson}.html`, PERSON);
  await arrived;
  t.equal(person.status, 200);
  const shell = await person.until('</h1>');
  const nonce = String(person.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
  t.ok(nonce, 'the policy of a streamed page allows the inline scripts that carry its nonce');
  t.match(shell, /<h1[^>]*>/, 'the listing heading arrived while the secondary call is still held');
  t.notMatch(shell, 'dt-similar', 'the held block is not in the shell');
  t.notMatch(shell, '__STATE__', 'the state waits for the secondary values');
  gw.release();
  const html = await person.done;
  t.match(html, 'dt-similar', 'the similar listings streamed in after the release');
  const inline = [...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>(?!<\/script>)/g)].map((m) => m[1]);
  t.ok(inline.length > 0 && inline.every((attrs) => attrs.includes(`nonce="${nonce}"`)), 'every inline script carries it');
  const state = stateOf(html);
  t.ok(Array.isArray(state.route.data.extras.similar) && state.route.data.extras.similar.length > 0, 'the state carries their values');
  t.ok(Array.isArray(state.route.data.extras.recommended), 'and the other secondary values');
  t.ok(Array.isArray(state.route.data.log), 'and the price history');

  // A crawler: one complete document (no streaming of boundaries, a content-length).
  arrived = gw.hold(/search\/findByCondition/);
  const crawler = get(base, `/ershoufang/${forCrawler}.html`, CRAWLER);
  await arrived;
  gw.release();
  const bot = await crawler;
  const botHtml = await bot.done;
  t.equal(bot.status, 200);
  t.ok(bot.headers['content-length'], 'the crawler got the document in one piece');
  t.match(botHtml, 'dt-similar', 'with the secondary block');
  t.notMatch(botHtml, /<div hidden id="S:/, 'in place, not as streamed segments');

  // Client navigation: the JSON carries the values, not promises.
  arrived = gw.hold(/search\/findByCondition/);
  const nav = portal.app.inject({ url: `/-/data/ershoufang/${forNavigation}.html`, headers: { 'user-agent': PERSON } });
  await arrived;
  gw.release();
  const data = (await nav).json() as { status: number; route: { data: { extras: { recommended: unknown[]; similar: unknown[] } } } };
  t.equal(data.status, 200);
  t.ok(Array.isArray(data.route.data.extras.similar) && data.route.data.extras.similar.length > 0, 'similar listings in the JSON');
  t.ok(Array.isArray(data.route.data.extras.recommended), 'recommended agents in the JSON');
});

t.test('new-home detail: estates nearby stream after the shell; the page cache keeps the complete document', async (t) => {
  const gw = await holdingGateway(t);
  const portal = await buildTestApp({ gatewayUrl: gw.url });
  t.teardown(() => portal.close());
  const base = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const [estate] = await firstIds(gw.backendUrl, '/api/house/findListByWap', { cityId: 1 }, 1);

  const arrived = gw.hold(/findListByWap/);
  const person = await get(base, `/xinfang/${estate}.html`, PERSON);
  await arrived;
  t.equal(person.status, 200);
  t.equal(person.headers['x-cache'], 'MISS', 'the render fills the cache');
  const shell = await person.until('</h1>');
  t.notMatch(shell, 'xf-similar', 'estates nearby are not in the shell');
  gw.release();
  const html = await person.done;
  t.match(html, 'xf-similar', 'estates nearby streamed in after the release');
  t.match(html, '用户点评', 'with the reviews');

  // The cache fill renders the complete document once the stream has ended; a later visitor gets it whole.
  let hit = await portal.app.inject({ url: `/xinfang/${estate}.html`, headers: { 'user-agent': PERSON } });
  for (let i = 0; i < 50 && hit.headers['x-cache'] !== 'HIT'; i++) {
    await new Promise((r) => setImmediate(r));
    hit = await portal.app.inject({ url: `/xinfang/${estate}.html`, headers: { 'user-agent': PERSON } });
  }
  t.equal(hit.headers['x-cache'], 'HIT', 'the next visitor is served from the cache');
  t.match(hit.body, 'xf-similar', 'the cached page has the secondary blocks');
  t.notMatch(hit.body, /<div hidden id="S:/, 'in place, as a crawler gets them');
});

t.test('second-hand detail: the owner’s note, the agent’s comments and the viewing count follow the shell', async (t) => {
  const gw = await holdingGateway(t);
  const portal = await buildTestApp({ gatewayUrl: gw.url });
  t.teardown(() => portal.close());
  const base = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const db = openDb(gw.dataDir, { readonly: true });
  const row = db
    .prepare(
      `SELECT l.id, o.content FROM owner_readme o JOIN listing l ON l.id = o.listing_id
       WHERE l.city_id = 1 AND l.house_type = 11 AND l.status = 1 ORDER BY l.id LIMIT 1`,
    )
    .get() as { id: number; content: string };
  db.close();
  t.ok(row, 'a listing with an owner’s note');

  const arrived = gw.hold(/ownerReadme/);
  const person = await get(base, `/ershoufang/${row.id}.html`, PERSON);
  await arrived;
  t.equal(person.status, 200);
  const shell = await person.until('dt-links');
  t.match(shell, /<h1[^>]*>/, 'the listing heading arrived while the owner’s note is held');
  t.match(shell, 'dt-desc', 'so did the description');
  t.notMatch(shell, '业主自荐', 'the owner’s note is not in the shell');
  gw.release();
  const html = await person.done;
  t.match(html, '业主自荐', 'the owner’s note streamed in after the release');
  t.match(html, row.content.slice(0, 12), 'with its text');
  t.match(html, /带看记录 \d+次/, 'and the viewing count');
  const notes = stateOf(html).route.data.notes;
  t.equal(notes.readme, row.content, 'the state carries the note');
  t.ok(Number.isInteger(notes.daikanCount) && Array.isArray(notes.comments), 'the count and the comments');
});

t.test('new-home detail: the schools nearby follow the shell; the bottom bar with its agent’s phone is in it', async (t) => {
  const gw = await holdingGateway(t);
  const portal = await buildTestApp({ gatewayUrl: gw.url });
  t.teardown(() => portal.close());
  const base = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const [estate] = await firstIds(gw.backendUrl, '/api/house/findListByWap', { cityId: 1 }, 1);
  const schools = (await (await fetch(`${gw.backendUrl}/api/school/getSchoolByHouseId/${estate}`)).json()) as {
    obj: Array<{ name: string }>;
  };
  t.ok(schools.obj.length > 0, 'the estate has schools nearby');

  const arrived = gw.hold(/getSchoolByHouseId/);
  const person = await get(base, `/xinfang/${estate}.html`, PERSON);
  await arrived;
  t.equal(person.status, 200);
  const popup = (await (await fetch(`${gw.backendUrl}/api/house/popupBelonger/${estate}`)).json()) as { obj: { belongerId: number } };
  const call = (await (await fetch(`${gw.backendUrl}/api/zhcall/${popup.obj.belongerId}/1`)).json()) as { obj: { webCall: string } };
  const shell = await person.until('电话咨询');
  t.match(shell, '楼盘信息', 'the estate’s facts arrived while the schools are held');
  t.match(shell, `tel:${call.obj.webCall.replace(/[^\d,]/g, '')}"`, 'so did the bottom bar’s call button with its agent’s number');
  t.notMatch(shell, '周边学校', 'the schools are not in the shell');
  gw.release();
  const html = await person.done;
  t.match(html, '周边学校', 'the schools streamed in after the release');
  t.match(html, schools.obj[0].name, 'with their names');
  t.equal(stateOf(html).route.data.schools.length, schools.obj.length, 'the state carries them');
});

t.test('secondary calls answered within the grace (streamGraceMs): a person gets one whole document, the cache fills once', async (t) => {
  const gw = await holdingGateway(t);
  // A grace no test machine outlasts: the held call is let go as soon as it arrives.
  const portal = await buildTestApp({
    gatewayUrl: gw.url,
    editRegistry: (r) => {
      r.site.streamGraceMs = 1000;
    },
  });
  t.teardown(() => portal.close());
  const base = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const [estate] = await firstIds(gw.backendUrl, '/api/house/findListByWap', { cityId: 1 }, 1);

  const arrived = gw.hold(/findListByWap/);
  const answer = get(base, `/xinfang/${estate}.html`, PERSON);
  await arrived;
  gw.release();
  const person = await answer;
  t.equal(person.status, 200);
  t.equal(person.headers['x-cache'], 'MISS', 'the render fills the cache');
  t.ok(person.headers['content-length'], 'one piece with a content-length');
  t.notMatch(String(person.headers['content-security-policy']), 'nonce-', 'no inline script to allow');
  const html = await person.done;
  t.match(html, 'xf-similar', 'estates nearby are in place');
  t.notMatch(html, /<template id="B:|<div hidden id="S:/, 'none completed by script');
  const hit = await portal.app.inject({ url: `/xinfang/${estate}.html`, headers: { 'user-agent': PERSON } });
  t.equal(hit.headers['x-cache'], 'HIT', 'that render filled the cache: the next visitor is served from it');
  t.equal(hit.body, html, 'the same document');
});
