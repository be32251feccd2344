import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { seededDataDir, startTestBackend } from '../helpers/backend.ts';

t.test('city calls of SPEC 7.2', async (t) => {
  const app = await buildBackend({ dataDir: await seededDataDir(), logger: false });
  t.teardown(() => app.close());

  t.test('getCityByDomain answers the city with its service phone', async (t) => {
    const res = await app.inject('/api/city/getCityByDomain?domain=wh');
    t.equal(res.statusCode, 200);
    const body = res.json();
    t.equal(body.status, 200);
    t.match(body.obj, { cityId: 2, name: '武汉', cname: '武汉市', domain: 'wh', servicePhone: /^400-/ });
  });
  t.test('city 1 is 长沙 with domain cs', async (t) => {
    const body = (await app.inject('/api/city/getCityByDomain?domain=CS')).json();
    t.match(body.obj, { cityId: 1, name: '长沙', domain: 'cs' });
  });
  t.test('an unknown domain gives status 200 and obj null', async (t) => {
    const res = await app.inject('/api/city/getCityByDomain?domain=xx');
    t.same(res.json(), { status: 200, message: 'success', obj: null });
  });
  t.test('a missing domain gives 400 naming the field', async (t) => {
    const res = await app.inject('/api/city/getCityByDomain');
    t.equal(res.statusCode, 400);
    t.equal(res.json().status, 400);
    t.match(res.json().message, /domain/);
  });
  t.test('findSiteByName finds by Chinese name, with or without 市', async (t) => {
    t.match((await app.inject(`/api/city/findSiteByName?name=${encodeURIComponent('南昌市')}`)).json().obj, { cityId: 3, domain: 'nc' });
    t.match((await app.inject(`/api/city/findSiteByName?name=${encodeURIComponent('株洲')}`)).json().obj, { cityId: 4, domain: 'zz' });
  });
  t.test('at least six cities, each with a domain and a service phone', async (t) => {
    const list = (await app.inject('/api/city/findAll')).json().obj;
    t.ok(list.length >= 6);
    for (const c of list) t.match(c, { cityId: Number, name: String, domain: /^[a-z]+$/, servicePhone: String });
  });
  t.test('the leading slash is optional, as the SPEC writes both forms', async (t) => {
    t.equal((await app.inject('api/city/findSiteByName?name=%E9%95%BF%E6%B2%99')).json().obj.cityId, 1);
  });
  t.test('an unknown path gives 404 in the envelope', async (t) => {
    const res = await app.inject('/api/nope');
    t.equal(res.statusCode, 404);
    t.equal(res.json().status, 404);
  });
});

t.test('startTestBackend listens on 127.0.0.1 and an ephemeral port', async (t) => {
  const b = await startTestBackend();
  t.teardown(b.close);
  t.match(b.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const res = await fetch(`${b.url}/api/city/getCityByDomain?domain=cs`);
  t.equal((await res.json()).obj.name, '长沙');
});
