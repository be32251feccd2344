import { createElement } from 'react';
import t from 'tap';
import { safeReturnPath } from '../../src/lib/return-url.ts';
import { Layout } from '../../src/ui/Layout.tsx';
import { LazyImage, PLACEHOLDER_SRC } from '../../src/ui/LazyImage.tsx';
import { EstateCard, ListingCard } from '../../src/ui/ListingCard.tsx';
import { partsReady } from '../../src/ui/lazy-part.tsx';
import { currentReturnPath, groupDigits, splitTitle, titleWithoutBrand, withReturnUrl } from '../../src/ui/paths.ts';
import { fakeState, render, textOf } from './helpers.tsx';

const page = createElement('p', null, '页面内容');
// The footer is a lazy part: render once its chunk is in, as the server does (src/render/modules.ts).
await partsReady();

t.test('the layout shows header, main and footer when the layout declares them', async (t) => {
  const html = render(createElement(Layout, null, page));
  t.match(html, '<header');
  t.match(html, '<main');
  t.match(html, '<footer');
  t.match(textOf(html), '页面内容');
  const bare = render(createElement(Layout, null, page), fakeState({ route: { header: false, footer: false } }));
  t.notMatch(bare, '<header');
  t.notMatch(bare, '<footer');
  t.match(textOf(bare), '页面内容');
});

t.test('the footer shows the city service phone, supervision phone, links and notices', async (t) => {
  const html = render(createElement(Layout, null, page));
  const text = textOf(html);
  t.match(html, 'href="tel:400-800-1234"');
  t.match(text, '长沙客服热线');
  t.match(html, 'href="tel:0731-84492630"');
  for (const href of ['/ditu', '/topic', '/fangjia', '/yonghufankui/', '/aboutUs', '/jiameng/']) t.match(html, `href="${href}"`);
  t.match(
    html,
    /<a class="ft__icp" href="https:\/\/beian.miit.gov.cn\/" rel="nofollow noopener">湘ICP备2021018347号-1<\/a>/,
    'the ICP number links to the MIIT lookup',
  );
  t.match(text, '营业执照：统一社会信用代码 91430104MA4T6PQ58K');
  t.match(text, '© 安居好房 版权所有');
});

t.test('new-home pages carry the fixed supervision phone; others do not', async (t) => {
  const xinfang = render(createElement(Layout, null, page), fakeState({ route: { page: 'xinfang/detail', path: '/xinfang/1.html' } }));
  t.match(xinfang, 'class="svbar"');
  t.match(textOf(xinfang), '新房销售监督电话 0731-84492630');
  const wuhan = render(
    createElement(Layout, null, page),
    fakeState({
      city: { selectCityId: 2, selectCityName: '武汉' },
      site: { supervisionPhone: '027-85736120' },
      route: { page: 'xinfang/detail', path: '/xinfang/1.html' },
    }),
  );
  t.match(textOf(wuhan), '新房销售监督电话 027-85736120', "the bar shows the state's (the city's) supervision phone");
  const other = render(createElement(Layout, null, page));
  t.notMatch(other, 'class="svbar"');
});

t.test('a return URL is only ever a same-site path', async (t) => {
  t.equal(safeReturnPath('/ershoufang/'), '/ershoufang/');
  t.equal(safeReturnPath('//evil.com'), '/');
  t.equal(safeReturnPath('/\\evil.com'), '/');
  t.equal(safeReturnPath('https://evil.com/'), '/');
  t.equal(safeReturnPath('javascript:alert(1)'), '/');
  t.equal(safeReturnPath('/a\nb'), '/');
  t.equal(safeReturnPath(undefined), '/');
  t.equal(currentReturnPath('/zufang/', { page: '2' }), '/zufang/?page=2');
  t.equal(currentReturnPath('/register', { bUrl: '/xinfang/' }), '/xinfang/');
  t.equal(withReturnUrl('/login', '/ershoufang/'), '/login?bUrl=%2Fershoufang%2F');
});

t.test('titles lose the brand suffix; numbers group without locale data', async (t) => {
  t.equal(titleWithoutBrand('长沙二手房_安居好房', '安居好房'), '长沙二手房');
  t.equal(titleWithoutBrand('资讯 - 安居好房', '安居好房'), '资讯');
  t.equal(titleWithoutBrand('问答|安居好房', '安居好房'), '问答');
  t.equal(titleWithoutBrand('安居好房', '安居好房'), '');
  t.equal(titleWithoutBrand('长沙房价', '安居好房'), '长沙房价');
  t.same(splitTitle('长沙新房_新楼盘_新开楼盘信息_安居好房', '安居好房'), { main: '长沙新房', rest: ['新楼盘', '新开楼盘信息'] });
  t.same(splitTitle('', '安居好房'), { main: '', rest: [] });
  t.equal(groupDigits(1234567), '1,234,567');
  t.equal(groupDigits(980), '980');
  t.equal(groupDigits(12345.5), '12,345.5');
});

t.test('LazyImage renders the real source, natively lazy, with width, height and the source in data-src', async (t) => {
  const html = render(createElement(LazyImage, { src: '/img/a.jpg', alt: '封面', width: 120, height: 90 }));
  t.match(html, 'src="/img/a.jpg"');
  t.notMatch(html, PLACEHOLDER_SRC);
  t.match(html, 'loading="lazy"');
  t.match(html, 'data-src="/img/a.jpg"');
  t.match(html, 'width="120"');
  t.match(html, 'height="90"');
});

t.test('listing cards show what they have and skip what they lack', async (t) => {
  const sale = textOf(render(createElement(ListingCard, { listing: { houseId: 1, title: '小户型', price: 45 } })));
  t.match(sale, '小户型');
  t.match(sale, '45 万');
  t.notMatch(sale, '元/㎡');
  const estate = render(createElement(EstateCard, { estate: { houseId: 'a b', name: '新盘', url: '/xinfang/9.html' } }));
  t.match(estate, 'href="/xinfang/9.html"');
  t.match(textOf(estate), '价格待定');
  const gateway = textOf(
    render(
      createElement(EstateCard, { estate: { houseId: 7, name: '洋湖天街', price: 13500, saleStatusLabel: '现房', typeNames: ['公寓'] } }),
    ),
  );
  t.match(gateway, '公寓');
  t.match(gateway, '现房');
  t.match(gateway, '均价 13,500 元/㎡');
  const huxing = textOf(
    render(createElement(ListingCard, { listing: { houseId: 2, title: '三房', huxing: '3室2厅1卫', rooms: 3, price: 100 } })),
  );
  t.match(huxing, '3室2厅1卫');
});
