import t from 'tap';
import { buildTestApp } from '../helpers/build.ts';

/**
 * Issue 32: the footer's supervision phone is the city's own (registry site.cityContacts), the ICP number and the
 * licence's credit code are the company's; /aboutUs and the new-home bar show the same city's phone.
 */

const CS = '0731-84492630';
const WH = '027-85736120';
const HEAD_OFFICE = '0731-84492600';

/** The footer's markup of a page. */
const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>') + 9);

t.test(
  'the 长沙 footer shows 长沙’s supervision phone and the 武汉 footer 武汉’s, with the company’s ICP number and credit code',
  async (t) => {
    const { app, close } = await buildTestApp();
    t.teardown(close);
    for (const url of ['/', '/aboutUs']) {
      const cs = await app.inject({ url, headers: { host: 'localhost' } });
      const wh = await app.inject({ url, headers: { host: 'wh.localhost' } });
      t.equal(cs.statusCode, 200);
      t.equal(wh.statusCode, 200);
      const csFooter = footerOf(cs.body);
      const whFooter = footerOf(wh.body);
      t.match(csFooter, `href="tel:${CS}"`, `${url} 长沙: 长沙's line`);
      t.match(csFooter, `<span class="ft__phone-num">${CS}</span>`);
      t.match(whFooter, `href="tel:${WH}"`, `${url} 武汉: 武汉's line`);
      t.match(whFooter, `<span class="ft__phone-num">${WH}</span>`);
      t.notMatch(wh.body, CS, `${url} 武汉: never 长沙's line`);
      t.notMatch(cs.body, WH, `${url} 长沙: never 武汉's line`);
      for (const footer of [csFooter, whFooter]) {
        t.match(footer, '湘ICP备2021018347号-1');
        t.match(footer, '营业执照：统一社会信用代码 91430104MA4T6PQ58K');
      }
      for (const body of [cs.body, wh.body]) {
        t.notMatch(body, 'XXXXXXXXXX');
        t.notMatch(body, '12345678');
      }
    }
  },
);

t.test('/aboutUs lists the city’s own supervision phone in its contacts and its JSON-LD', async (t) => {
  const { app, close } = await buildTestApp();
  t.teardown(close);
  const wh = await app.inject({ url: '/aboutUs', headers: { host: 'wh.localhost' } });
  const contacts = wh.body.slice(wh.body.indexOf('class="sg-contact"'), wh.body.indexOf('</ul>', wh.body.indexOf('class="sg-contact"')));
  t.match(contacts, `<span>监督电话</span><a href="tel:${WH}">${WH}</a>`);
  t.match(wh.body, `"telephone":"${WH}","contactType":"customer support"`);
  const cs = await app.inject({ url: '/aboutUs', headers: { host: 'localhost' } });
  t.match(cs.body, `<span>监督电话</span><a href="tel:${CS}">${CS}</a>`);
});

t.test('a city without an entry shows the head office’s line; an ops edit of an entry is what the city shows', async (t) => {
  const { app, close } = await buildTestApp({
    editRegistry: (r) => {
      delete r.site.cityContacts['2'];
      r.site.cityContacts['1'] = { city: '长沙', supervisionPhone: '0731-85550101' };
    },
  });
  t.teardown(close);
  const wh = await app.inject({ url: '/', headers: { host: 'wh.localhost' } });
  t.match(footerOf(wh.body), `href="tel:${HEAD_OFFICE}"`, '武汉 without an entry: the head office');
  const cs = await app.inject({ url: '/', headers: { host: 'localhost' } });
  t.match(footerOf(cs.body), 'href="tel:0731-85550101"', 'the edited 长沙 line');
});
