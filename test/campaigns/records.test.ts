/**
 * The campaign pages check what the gateway answers before rendering it (DESIGN, issue 19): an activity without its
 * name or dates is a 502 error page, never cached, never a page printing undefined.
 */
import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';
import { startFakeGateway } from '../helpers/fake-gateway.ts';

const broken = {
  id: 5,
  cityId: 1,
  kind: 'xinfang',
  subtitle: '',
  banner: '/img/huodong/xinfang-1.svg',
  benefit: '认购享95折',
  startsAt: '2026-11-01 10:00:00',
  endsAt: 'soon',
  state: 'running',
  posterId: 5,
  signupCount: 0,
  rules: [],
  place: '',
  hotline: '',
  items: [],
  coupons: [],
};

t.test('an activity answer without its name or with a malformed end date is a 502, not cached', async (t) => {
  const gateway = await startFakeGateway((app) => {
    app.get('/api/activity/current/:cityId/:kind', async () => ({ status: 200, message: 'success', obj: broken }));
    app.get('/api/activity/detail/:id', async () => ({ status: 200, message: 'success', obj: { ...broken, name: '长沙购房节' } }));
  });
  const portal = await buildTestApp({ gatewayUrl: gateway.url });
  t.teardown(async () => {
    await portal.close();
    await gateway.close();
  });
  for (const url of ['/huodong/xinfang', '/huodong/xinfang/5']) {
    const first = await portal.app.inject(url);
    t.equal(first.statusCode, 502, url);
    t.notMatch(first.body, /undefined|NaN/);
    const second = await portal.app.inject(url);
    t.not(second.headers['x-cache'], 'HIT', `${url}: an error is never cached`);
  }
});
