import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

t.test('the bare host and localhost are city 1 长沙; canonical is on the bare host', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { host: 'localhost:3000' } });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<title>长沙[^<]*<\/title>/);
  t.match(res.body, '<link rel="canonical" href="http://localhost:3000/aboutUs">');
  t.match(res.body, '0731-88886666', 'the city service phone from the gateway');
});

t.test('a city host shows that city, and links use the configured host, not the Host header', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { host: 'WH.localhost:9999' } });
  t.equal(res.statusCode, 200);
  t.match(res.body, /<title>武汉[^<]*<\/title>/);
  t.match(res.body, '<link rel="canonical" href="http://wh.localhost:3000/aboutUs">');
  t.notMatch(res.body, '9999', 'the raw port never reaches the page');
});

t.test('a city label the gateway does not know gives 404 util:城市ID不存在', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/', headers: { host: 'nowhere.localhost' } });
  t.equal(res.statusCode, 404);
  t.match(res.body, 'util:城市ID不存在');
});

t.test('the pcHost is answered with the same page and the mobile canonical', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject({ url: '/aboutUs', headers: { host: 'pc.localhost' } });
  t.equal(res.statusCode, 200);
  t.match(res.body, '<link rel="canonical" href="http://localhost:3000/aboutUs">');
});

t.test('gateway failures give the visitor a 502 error page, never the gateway status and never a crash', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const http500 = await app.inject({ url: '/', headers: { host: 'boom.localhost' } });
  t.equal(http500.statusCode, 502, 'the gateway answered HTTP 500: a bad gateway for the visitor (issue 11 point 3)');
  t.match(http500.body, '502');
  const body403 = await app.inject({ url: '/', headers: { host: 'bodystatus.localhost' } });
  t.equal(body403.statusCode, 502, 'an envelope status 403 is the gateway refusing us, not the visitor');
  t.equal((await app.inject('/')).statusCode, 200, 'the server keeps serving');
});

t.test('a gateway that is down gives 502', async (t) => {
  const { app, close } = await buildTestApp({ gatewayUrl: 'http://127.0.0.1:9' });
  t.teardown(close);
  const res = await app.inject({ url: '/', headers: { host: 'wh.localhost' } });
  t.equal(res.statusCode, 502);
  const home = await app.inject('/');
  t.equal(home.statusCode, 200, 'the default city still renders: its details are decoration');
});
