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

t.test('the login redirects and links this site builds are not logged as suspicious; a probe in them is', async (t) => {
  const lines: string[] = [];
  const { app, close } = await buildTestApp({ logLines: lines });
  t.teardown(close);
  const flaggedFor = async (url: string) => {
    lines.length = 0;
    await app.inject({ url });
    return lines.map((l) => JSON.parse(l)).some((l) => l.hasXss === true);
  };
  const redirect = await app.inject({ url: '/im/session?belongerId=3&uid=u9&houseId=7' });
  t.equal(redirect.statusCode, 302);
  t.match(redirect.headers.location, /^\/login\?bUrl=%2Fim%2Fsession%3F/);
  t.notOk(await flaggedFor(redirect.headers.location as string), String(redirect.headers.location));
  t.notOk(await flaggedFor('/login?bUrl=%2Fershoufang%2F%3Fpage%3D2%26sort%3D1'));
  t.ok(await flaggedFor('/login?bUrl=%2Fershoufang%2F%3Fq%3D%253Cscript%253E%26sort%3D1'), 'a script tag inside the return path');
  t.ok(await flaggedFor('/login?bUrl=%2F%2Fevil.com%2F%3Fa%3D1%26b%3D2'), 'not a return path');
  t.ok(await flaggedFor('/search?keyword=a%26b'), 'an encoded & in an ordinary value');
});
