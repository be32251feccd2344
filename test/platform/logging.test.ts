import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

t.test('one line per request with the request id, status, time and cache result', async (t) => {
  const lines: string[] = [];
  const { app, close } = await buildTestApp({ logLines: lines });
  t.teardown(close);
  await app.inject({ url: '/aboutUs', headers: { 'x-request-id': 'req-abc-1' } });
  const completed = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
  t.equal(completed.length, 1);
  t.match(completed[0], { reqId: 'req-abc-1', statusCode: 200, cache: 'MISS', url: '/aboutUs' });
  t.type(completed[0].ms, 'number');
});

t.test('a query with XSS characters is logged with hasXss and still served', async (t) => {
  const lines: string[] = [];
  const { app, close } = await buildTestApp({ logLines: lines });
  t.teardown(close);
  const res = await app.inject('/search?keyword=%3Cscript%3Ealert(1)%3C%2Fscript%3E%00');
  t.equal(res.statusCode, 200, 'navigation is not blocked');
  const flagged = lines.map((l) => JSON.parse(l)).find((l) => l.hasXss === true);
  t.ok(flagged, 'logged');
  t.notMatch(flagged.query, '\u0000');
});

t.test('an error is logged once with the request id', async (t) => {
  const lines: string[] = [];
  const { app, close } = await buildTestApp({
    logLines: lines,
    editRegistry: (r) => {
      const p = r.pages.find((x) => x.name === 'aboutUs');
      if (p) p.middleware = ['nope'];
    },
  });
  t.teardown(close);
  await app.inject({ url: '/aboutUs', headers: { 'x-request-id': 'req-err-1' } });
  const errs = lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50 && l.reqId === 'req-err-1');
  t.ok(errs.length >= 1);
});
