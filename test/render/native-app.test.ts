import t from 'tap';
import { buildAppOverBackend, buildTestApp } from '../helpers/build.ts';
import { stateOf } from '../helpers/state.ts';

const opener = (html: string) => html.match(/<a [^>]*data-open-app=""[^>]*>[^<]*<\/a>/)?.[0];

t.test('ops set the native app in registry.json site.app: 打开APP, the download page and the browser state follow it', async (t) => {
  const app = { scheme: 'demoapp', androidPackage: 'com.demo.house', iosAppStoreId: '987654321' };
  const { app: portal } = await buildAppOverBackend(t, {
    editRegistry: (r) => {
      r.site.app = app;
    },
  });

  const home = await portal.inject('/');
  t.equal(home.statusCode, 200);
  t.equal(
    opener(home.body),
    '<a href="/downloadapp/" class="hd__app" data-open-app="">打开APP</a>',
    'the home header’s 打开APP is the app opener (a link to /downloadapp/ until a tap tries the app)',
  );
  t.same(stateOf(home.body).site.app, app, 'the browser gets the scheme to try');

  const download = await portal.inject('/downloadapp/');
  t.equal(download.statusCode, 200);
  t.match(download.body, '<h1 class="dl__title">湘房网APP</h1>');
  t.match(download.body, 'href="appmarket://details?id=com.demo.house"', 'the Android stores shown first name the package');
  const links = (stateOf(download.body).route.data as { links: Array<{ vendor: string; href: string }> }).links;
  t.equal(links.find((l) => l.vendor === 'ios')?.href, 'https://apps.apple.com/cn/app/id987654321', 'the iPhone tab’s App Store link');
});

t.test('without site.app the shipped 湘房网 app is used', async (t) => {
  const { app: portal, close } = await buildTestApp({
    editRegistry: (r) => {
      delete (r.site as { app?: unknown }).app;
    },
  });
  t.teardown(close);
  const res = await portal.inject('/aboutUs');
  t.equal(res.statusCode, 200);
  t.same(stateOf(res.body).site.app, { scheme: 'xiangfangwang', androidPackage: 'com.xiangfangwang.app', iosAppStoreId: '1490000000' });
});
