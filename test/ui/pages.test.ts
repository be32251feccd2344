import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import t from 'tap';
import ErrorPage, { errorMessage } from '../../pages/error.tsx';
import HomePage from '../../pages/home.tsx';
import { pageModules } from '../../pages/modules.ts';
import NotFoundPage, { NOT_FOUND_COUNTDOWN, NOT_FOUND_GROUPS } from '../../pages/not-found.tsx';
import XieyiPage from '../../pages/xieyi.tsx';
import type { HomeData } from '../../src/contracts/page-data/cards.ts';
import type { AppState } from '../../src/stores/app-state.ts';
import { partsReady } from '../../src/ui/lazy-part.tsx';
import { AGREEMENTS } from '../../src/ui/xieyi-content.ts';
import { fakeState, renderPage, textOf } from './helpers.tsx';
import { sampleHomeData } from './sample-data.ts';

const noProps = { data: null, params: {}, query: {} };
const at = (over: Partial<AppState['route']>) => fakeState({ route: over });

t.test('the 404 screen says the page could not be found, in English and in Chinese', async (t) => {
  const html = renderPage(NotFoundPage, noProps, at({ page: 'not-found', path: '/nope', status: 404 }));
  const text = textOf(html);
  t.match(text, 'This page could not be found');
  t.match(text, '外星人');
  t.match(html, '<svg class="nf__art"');
});

t.test('the 404 countdown shows 5 on the server', async (t) => {
  t.equal(NOT_FOUND_COUNTDOWN, 5);
  const html = renderPage(NotFoundPage, noProps);
  t.match(html, /<span class="nf__sec">5<\/span>/);
});

t.test('the 404 screen has the search bar, the open-app button and the four link groups', async (t) => {
  const html = renderPage(NotFoundPage, noProps);
  t.match(html, /<form[^>]*action="\/search"[^>]*method="get"/);
  t.match(html, 'name="keyword"');
  t.match(html, 'href="/downloadapp"');
  const text = textOf(html);
  t.same(
    NOT_FOUND_GROUPS.map((g) => g.title),
    ['买房', '卖房', '租房', '工具'],
  );
  const expected: Array<[string, string]> = [
    ['新房', '/xinfang/'],
    ['二手房', '/ershoufang/'],
    ['查房价', '/fangjia/'],
    ['委托卖房', '/Index/yijianweituo'],
    ['找租房', '/zufang/'],
    ['发布出租', '/Index/yijianweituo?type=rent'],
    ['房贷计算器', '/jisuanqi'],
    ['百科', '/baike/'],
    ['资讯', '/zixun/'],
    ['问答', '/wenda/'],
  ];
  for (const [label, href] of expected) {
    t.match(text, label);
    t.match(html, `href="${href}"`, `${label} links to ${href}`);
  }
});

t.test('the error page shows the route status and a Chinese message, with a link home', async (t) => {
  const html = renderPage(ErrorPage, noProps, at({ page: 'error', status: 503 }));
  const text = textOf(html);
  t.match(text, '503');
  t.match(text, '服务暂时不可用');
  t.match(html, 'href="/"');
  t.equal(errorMessage(500).title, '服务器开小差了');
  t.match(textOf(renderPage(ErrorPage, noProps, at({ status: 200 }))), '500', 'a non-error status shows 500');
});

t.test('the home page shows search, the twelve entries and the banner without data', async (t) => {
  const html = renderPage(HomePage, noProps, at({ page: 'home', path: '/' }));
  const text = textOf(html);
  t.match(html, /<form[^>]*action="\/search"/);
  for (const label of ['新房', '二手房', '租房', '海外', '商业地产', '学校', '小区', '查房价', '房贷计算器', '资讯', '问答', '门店']) {
    t.match(text, label);
  }
  t.notMatch(text, '精选二手房', 'no list section without data');
  t.match(html, 'href="/Index/yijianweituo?type=rent"', 'owner services under the banner');
  t.match(text, '我要卖房');
  t.notMatch(html, 'http://');
  t.notMatch(html, 'https://');
});

t.test('the home page renders the lists it is given, with prices in 万 and 元/月', async (t) => {
  // The lists are a lazy part (issue 35 part 4): the server renders them once their module is in, as here.
  await partsReady();
  const html = renderPage(HomePage, { ...noProps, data: sampleHomeData }, at({ page: 'home', path: '/' }));
  const text = textOf(html);
  t.match(text, '热门新盘');
  t.match(text, '梅溪湖壹号院');
  t.match(text, '16,800 元/㎡');
  t.match(text, '价格待定');
  t.match(text, '精选二手房');
  t.match(text, '3室2厅 | 118.5㎡ | 南北');
  t.match(text, '168 万');
  t.match(text, '14,177元/㎡');
  t.match(text, '2室1厅', 'layout built from room and hall');
  t.match(text, '品质租房');
  t.match(text, '2,300 元/月');
  t.match(html, 'href="/ershoufang/2001.html"');
  t.match(html, 'href="/zufang/3001.html"');
  t.match(html, 'href="/xinfang/101.html"');
  t.match(html, /<img[^>]*width="120"[^>]*height="90"/);
});

t.test('a missing or malformed list renders nothing for that section', async (t) => {
  await partsReady();
  const html = renderPage(
    HomePage,
    { ...noProps, data: { ershoufang: 'oops', zufang: [] } as unknown as HomeData },
    at({ page: 'home', path: '/' }),
  );
  const text = textOf(html);
  t.notMatch(text, '精选二手房');
  t.notMatch(text, '品质租房');
});

t.test('each agreement page shows its own document, chosen by the last path segment', async (t) => {
  const titles: Record<string, string> = {
    xhyhfwxy: '用户服务协议',
    xhyszc: '隐私政策',
    zgltrzfwxy: '资格认证服务协议',
    zyfxts: '风险提示',
  };
  for (const [slug, title] of Object.entries(titles)) {
    const text = textOf(renderPage(XieyiPage, noProps, at({ page: 'xieyi', path: `/xieyi/${slug}` })));
    t.match(text, `安居好房${title}`, slug);
    t.notMatch(text, '{brand}');
    const doc = AGREEMENTS.find((a) => a.slug === slug);
    t.ok(doc && doc.sections.length >= 5, `${slug} has several sections`);
  }
  const index = textOf(renderPage(XieyiPage, noProps, at({ page: 'xieyi', path: '/xieyi/unknown' })));
  t.match(index, '协议与声明');
});

t.test('pageModules maps every registry module key to a module with a default component', async (t) => {
  const registryModules = new Set(
    (JSON.parse(readFileSync('registry.json', 'utf8')) as { pages: Array<{ module: string }> }).pages.map((p) => p.module),
  );
  for (const m of registryModules) t.ok(pageModules[m], `registry module ${m} is mapped`);
  for (const m of ['error', 'not-found']) t.ok(pageModules[m], `${m} is mapped`);
  for (const [key, load] of Object.entries(pageModules)) {
    const mod = await load();
    t.type(mod.default, 'function', key);
  }
  t.ok(createElement);
});
