import { createElement } from 'react';
import t from 'tap';
import { Header } from '../../src/ui/Header.tsx';
import { Menu } from '../../src/ui/Menu.tsx';
import { MENU_ITEMS, MenuPanel } from '../../src/ui/MenuPanel.tsx';
import { fakeState, render, textOf } from './helpers.tsx';

/** The slide-in panel as the first tap renders it (closed, then told to open). */
const panel = () => createElement(MenuPanel, { id: 'menu-panel', open: false, close() {} });

t.test('the server sends only the menu button: the panel is rendered from the first tap on', async (t) => {
  const all = render(createElement(Menu));
  // A browser that runs scripts reads the <noscript> as text: outside it there is only the button.
  const html = all.replace(/<noscript>[\s\S]*<\/noscript>/, '');
  t.match(html, 'class="hd__menu-btn"');
  t.match(html, 'aria-label="打开菜单"');
  t.match(html, 'aria-expanded="false"');
  t.notMatch(html, 'aria-controls', 'no reference to a panel that is not in the page');
  t.notMatch(html, 'menu__panel');
  t.notMatch(html, '/login?');
});

t.test('without JavaScript the menu is a <details> disclosure holding the open panel, inside <noscript> (issue 34)', async (t) => {
  const html = render(createElement(Menu));
  const nojs = html.match(/<noscript>([\s\S]*)<\/noscript>/)?.[1] ?? '';
  t.match(nojs, /^<details class="menu-nojs"><summary class="hd__menu-btn" aria-label="打开菜单">/);
  t.match(nojs, 'class="menu menu--open menu--nojs"');
  t.match(nojs, 'href="/login?bUrl=%2Fershoufang%2F"');
  for (const item of MENU_ITEMS) t.match(nojs, `href="${item.href}"`);
  t.notMatch(nojs, 'inert', 'the disclosure shows it');
  t.notMatch(nojs, 'menu__close', 'no script button to close it (the backdrop does)');
  t.notMatch(nojs, 'menu__overlay');
});

t.test('a visitor sees 登录 and 注册 carrying the current path as bUrl', async (t) => {
  const html = render(panel());
  t.match(html, 'href="/login?bUrl=%2Fershoufang%2F"');
  t.match(html, 'href="/register?bUrl=%2Fershoufang%2F"');
  const text = textOf(html);
  t.match(text, '登录');
  t.match(text, '注册');
  t.notMatch(html, '/personalcenter');
});

t.test('the return URL keeps the query string, encoded', async (t) => {
  const html = render(panel(), fakeState({ route: { path: '/zufang/', query: { keyword: '梅溪湖' } } }));
  t.match(html, `bUrl=${encodeURIComponent('/zufang/?keyword=%E6%A2%85%E6%BA%AA%E6%B9%96')}`);
});

t.test('on the login page the return URL is the page’s own safe bUrl, never an outside site', async (t) => {
  const safe = render(panel(), fakeState({ route: { path: '/login', query: { bUrl: '/xinfang/' } } }));
  t.match(safe, 'href="/register?bUrl=%2Fxinfang%2F"');
  const evil = render(panel(), fakeState({ route: { path: '/login', query: { bUrl: '//evil.example.com/x' } } }));
  t.match(evil, 'href="/register?bUrl=%2F"');
  t.notMatch(evil, 'evil');
});

t.test('a member sees the nickname and avatar linking to /personalcenter, no login link', async (t) => {
  const html = render(panel(), fakeState({ user: { uid: 'u1', userId: '42', nickName: '湘江边的猫', headUrl: '/img/avatar/42.jpg' } }));
  t.match(textOf(html), '湘江边的猫');
  t.match(html, 'href="/personalcenter"');
  t.match(html, 'src="/img/avatar/42.jpg"');
  t.notMatch(html, '/login?');
});

t.test('a member without a head image gets the local default avatar', async (t) => {
  const html = render(panel(), fakeState({ user: { userId: '42', nickName: '老王' } }));
  t.match(textOf(html), '老王');
  t.notMatch(html, '<img');
  t.match(html, '<svg');
});

t.test('the panel lists the nine sections of SPEC 2.7 in order and enters closed', async (t) => {
  const html = render(panel());
  const labels = MENU_ITEMS.map((i) => i.label);
  t.same(labels, ['二手房', '租房', '新房', '海外', '商业', '学校', '小区', '委托', '加盟']);
  let last = -1;
  for (const item of MENU_ITEMS) {
    const at = html.indexOf(`href="${item.href}"`);
    t.ok(at > last, `${item.label} → ${item.href} in order`);
    last = at;
  }
  t.notMatch(html, 'menu--open');
  t.match(html, 'aria-hidden="true" inert=""');
});

t.test('the header shows brand, city → /city and the quick links off the home page', async (t) => {
  const html = render(createElement(Header));
  const text = textOf(html);
  t.match(text, '安居好房');
  t.match(text, '长沙');
  t.match(html, 'href="/city?from=%2Fershoufang%2F"', 'the city picker, told the page to return to (issue 14)');
  for (const href of ['/xinfang/', '/ershoufang/', '/zufang/']) t.match(html, `href="${href}"`);
  t.notMatch(text, '打开APP');
});

t.test('on the home page the header shows 打开APP instead of the quick links', async (t) => {
  const html = render(createElement(Header), fakeState({ route: { page: 'home', path: '/', params: { header: 'app' } } }));
  t.match(textOf(html), '打开APP');
  t.match(html, 'href="/downloadapp/"');
  t.notMatch(html, 'hd__quick');
});
