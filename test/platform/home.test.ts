import t from 'tap';
import { buildAppOverBackend, buildTestApp } from '../helpers/build.ts';

t.test('the home page shows hot estates, second-hand listings and rentals of the host city', async (t) => {
  const { app } = await buildAppOverBackend(t);
  const res = await app.inject('/');
  t.equal(res.statusCode, 200);
  t.match(res.body, '热门新盘');
  t.match(res.body, '精选二手房');
  t.match(res.body, '品质租房');
  t.match(res.body, /<title>长沙[^<]*<\/title>/);
  const wh = await app.inject({ url: '/', headers: { host: 'wh.localhost' } });
  t.match(wh.body, '武汉');
  t.not(wh.body.match(/精选二手房[\s\S]*$/)?.[0], res.body.match(/精选二手房[\s\S]*$/)?.[0], 'another city lists other homes');
});

t.test('the home page still renders when the listing calls fail', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const res = await app.inject('/');
  t.equal(res.statusCode, 200, 'the fake gateway has no listing calls: the lists are left out');
  t.notMatch(res.body, '精选二手房');
});
