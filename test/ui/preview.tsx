/**
 * Renders the UI screens to static HTML files with the stylesheet inlined, for screenshots before (or without) the
 * server: `npx tsx test/ui/preview.tsx [outDir]` (default /tmp/shots), then `npm run shots -- '' /tmp/shots /tmp/shots/*.html`.
 * Not a test; tap only runs *.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType } from 'react';
import ErrorPage from '../../pages/error.tsx';
import HomePage from '../../pages/home.tsx';
import NotFoundPage from '../../pages/not-found.tsx';
import XieyiPage from '../../pages/xieyi.tsx';
import type { AppState } from '../../src/stores/app-state.ts';
import { Layout } from '../../src/ui/Layout.tsx';
import { fakeState, render } from './helpers.tsx';
import { sampleHomeData } from './sample-data.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const uiDir = path.join(here, '../../src/ui');
/** styles.css lists its parts with @import (Vite inlines them at build); a static file needs them inlined here. */
const css = readFileSync(path.join(uiDir, 'styles.css'), 'utf8').replace(/@import "([^"]+)";/g, (_m, part: string) =>
  readFileSync(path.join(uiDir, part), 'utf8'),
);
const out = process.argv[2] || '/tmp/shots';
mkdirSync(out, { recursive: true });

// biome-ignore lint/suspicious/noExplicitAny: any page module
function page(name: string, Page: ComponentType<any>, state: AppState, post: (html: string) => string = (h) => h) {
  const body = post(
    render(<Layout>{<Page data={state.route.data} params={state.route.params} query={state.route.query} />}</Layout>, state),
  );
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no,viewport-fit=cover"><title>${name}</title><style>${css}</style></head><body>${body}</body></html>`;
  writeFileSync(path.join(out, `${name}.html`), html);
}

const route = (over: Partial<AppState['route']>) => fakeState({ route: over });
/** Static files have no script: show the lazy images as the browser would after the effect, from public/. */
const publicDir = path.join(here, '../../public');
const eagerImages = (h: string) =>
  h
    .replace(
      /class="lazy-img([^"]*)" src="data:[^"]*" data-src="(\/[^"]*)"/g,
      `class="lazy-img is-loaded$1" src="file://${publicDir}$2" data-src="$2"`,
    )
    .replace(/(class="lazy-img is-loaded[^"]*" src=")(\/img\/)/g, `$1file://${publicDir}$2`);
const openMenu = (h: string) =>
  h
    .replace('class="menu"', 'class="menu menu--open"')
    .replace(/ inert=""/, '')
    .replace('aria-hidden="true" inert', '');

page(
  'home',
  HomePage,
  route({ page: 'home', module: 'home', path: '/', data: sampleHomeData, head: { ...fakeState().route.head, title: '安居好房' } }),
  eagerImages,
);
page('home-empty', HomePage, route({ page: 'home', module: 'home', path: '/', data: null }));
page('not-found', NotFoundPage, route({ page: 'not-found', module: 'not-found', path: '/no/such/page', status: 404 }));
page('error', ErrorPage, route({ page: 'error', module: 'error', path: '/xx', status: 502 }));
page('xieyi', XieyiPage, route({ page: 'xieyi', module: 'xieyi', path: '/xieyi/xhyszc', layout: 'agreement' }));
page('menu-visitor', HomePage, route({ page: 'home', module: 'home', path: '/', data: null }), openMenu);
page(
  'menu-member',
  HomePage,
  fakeState({ user: { uid: 'u1', userId: '42', nickName: '湘江边的猫' }, route: { page: 'home', path: '/', data: null } }),
  openMenu,
);
console.log(`wrote ${out}/*.html`);
