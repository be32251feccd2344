import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

/** The <h1> of a page, its tags stripped. */
const headline = (html: string) =>
  html
    .match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

t.test('the 404 screen: a Chinese headline (taken by aliens), SPEC 2.5 message as the line under it, status 404', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  for (const url of ['/ershoufang/99999999.html', '/no/such/page']) {
    const res = await app.inject(url);
    t.equal(res.statusCode, 404, `${url}: 404`);
    t.equal(headline(res.body), '页面被外星人劫走了', `${url}: the headline says the page was taken by aliens`);
    t.match(res.body, /<p class="nf__lead" lang="en">This page could not be found<\/p>/, `${url}: the English message under it`);
    t.ok(res.body.indexOf('nf__title') < res.body.indexOf('nf__lead'), `${url}: headline first`);
  }
});
