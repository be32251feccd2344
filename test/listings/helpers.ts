import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import type { MemberInfo } from '../../src/contracts/gateway/index.ts';
import { buildAppOverBackend } from '../helpers/build.ts';

/** Register a real member through the embedded backend's account calls (SMS code read from its database). */
export async function registerMember(backend: { url: string; dataDir: string }, phone: string, nickName = '测试买家'): Promise<MemberInfo> {
  const post = async (p: string, body: unknown) => {
    const r = await fetch(`${backend.url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as { status: number; obj: unknown; message?: string };
  };
  await post('/api/member/sendSmsCode', { phone, purpose: 'register' });
  const db = new Database(path.join(backend.dataDir, 'portal.db'), { readonly: true });
  const code = db.prepare('SELECT code FROM sms_code WHERE phone = ? ORDER BY id DESC').pluck().get(phone) as string;
  db.close();
  const reg = await post('/api/member/register', { phone, password: 'secret123', code, nickName });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.message}`);
  return reg.obj as MemberInfo;
}

/** Rows of the backend database (read-only), for asserting that a write was saved. */
export function backendRows(backend: { dataDir: string }, sql: string, ...args: unknown[]): Array<Record<string, unknown>> {
  const db = new Database(path.join(backend.dataDir, 'portal.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...args) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

/** Text of every match of a regex's first group. */
export const all = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => m[1] as string);

/** The origin of the portal's absolute links (canonical, prev/next) in tests. */
export const ORIGIN = 'http://localhost:3000';

/** A page GET on the portal, with the request headers given (host, cookie). */
export const pageGetter =
  (portal: { app: FastifyInstance }) =>
  (url: string, headers: Record<string, string> = {}) =>
    portal.app.inject({ url, headers });

/** The portal over the embedded backend (both closed when `t` ends) and a page GET on it. */
export async function portalOverBackend(t: Test) {
  const portal = await buildAppOverBackend(t);
  return { portal, backend: portal.backend, get: pageGetter(portal) };
}

/** The `obj` of an embedded-backend call: a POST of `body` as JSON, or a GET without one. */
export async function backendObj<T>(backend: { url: string }, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${backend.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return ((await r.json()) as { obj: T }).obj;
}

/** A listing card as a phone user sees it. */
export interface Card {
  href: string;
  title: string;
  price: number;
  /** The price's unit: 万 or 元/月. */
  unit: string;
  area: number;
  unitPrice: number | null;
  facts: string;
  badge: string | null;
}

/** The listing cards of a page: link, title, price and its unit, area, unit price, facts line and badge. */
export function cards(html: string): Card[] {
  return [...html.matchAll(/<a href="([^"]*)" class="lcard">(.*?)<\/a>/gs)].map((m) => {
    const body = m[2] as string;
    const facts = /lcard__facts">([^<]*)</.exec(body)?.[1] ?? '';
    // React separates the number from its unit with a comment when they are two text nodes.
    const unitPrice = /lcard__unit">([\d,]+)(?:<!-- -->)?元/.exec(body)?.[1];
    return {
      href: m[1] as string,
      title: /lcard__title">([^<]*)</.exec(body)?.[1] ?? '',
      price: Number((/class="price">([\d,.]+)</.exec(body)?.[1] ?? 'NaN').replaceAll(',', '')),
      unit: /class="price__unit">([^<]*)</.exec(body)?.[1] ?? '',
      area: Number(/([\d.]+)㎡/.exec(facts)?.[1] ?? 'NaN'),
      unitPrice: unitPrice ? Number(unitPrice.replaceAll(',', '')) : null,
      facts,
      badge: /lcard__badge">([^<]*)</.exec(body)?.[1] ?? null,
    };
  });
}

/** The count a list page shows. */
export const total = (html: string) => Number(/data-testid="total">(\d+)</.exec(html)?.[1] ?? 'NaN');
export const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
export const description = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
export const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? '';
/** The href of `<link rel="prev|next">`, or null. */
export const relLink = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1] ?? null;
/** Whether the numbers are in order, ascending (1) or descending (-1). */
export const sorted = (xs: number[], dir: 1 | -1) => xs.every((x, i) => i === 0 || dir * (x - (xs[i - 1] as number)) >= 0);

/** The list sorts co2 to co7: the card figure each orders and which way (a card without the figure breaks the order). */
export const CARD_SORTS: ReadonlyArray<{ code: string; name: string; figure: (c: Card) => number; dir: 1 | -1 }> = [
  { code: 'co2', name: 'total price ascending', figure: (c) => c.price, dir: 1 },
  { code: 'co3', name: 'total price descending', figure: (c) => c.price, dir: -1 },
  { code: 'co4', name: 'unit price ascending', figure: (c) => c.unitPrice ?? Number.NaN, dir: 1 },
  { code: 'co5', name: 'unit price descending', figure: (c) => c.unitPrice ?? Number.NaN, dir: -1 },
  { code: 'co6', name: 'area ascending', figure: (c) => c.area, dir: 1 },
  { code: 'co7', name: 'area descending', figure: (c) => c.area, dir: -1 },
];

type PageGet = ReturnType<typeof pageGetter>;

/** Client navigation (`/-/data` + `from`) gets the same redirect as the page, to `to`. */
export async function assertDataRedirect(t: Test, get: PageGet, from: string, to: string): Promise<void> {
  const data = await get(`/-/data${from}`);
  t.match(JSON.parse(data.body), { status: 301, redirect: to }, 'client navigation gets the same redirect');
}

/** Each `from` answers 301 to its `to` (two assertions a case). */
export async function assertRedirects(t: Test, get: PageGet, cases: ReadonlyArray<readonly [string, string]>): Promise<void> {
  for (const [from, to] of cases) {
    const r = await get(from);
    t.equal(r.statusCode, 301, from);
    t.equal(r.headers.location, to, `${from} → ${to}`);
  }
}

/** Each URL answers 404 with the 404 screen, never 500 (two assertions a URL). */
export async function assertNotFoundScreens(t: Test, get: PageGet, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const r = await get(url);
    t.equal(r.statusCode, 404, url);
    t.match(r.body, '页面被外星人劫走了', `${url}: the 404 screen`);
  }
}

/**
 * Page 2 of a list (`list` is its path, `/ershoufang/`): 200 with 20 listings other than page 1's, its own title,
 * canonical and rel prev (six assertions). Returns its HTML.
 */
export async function assertSecondPage(t: Test, get: PageGet, list: string): Promise<string> {
  const one = cards((await get(list)).body).map((c) => c.href);
  const r = await get(`${list}pg2/`);
  t.equal(r.statusCode, 200);
  const two = cards(r.body).map((c) => c.href);
  t.equal(two.length, 20);
  t.notOk(
    two.some((h) => one.includes(h)),
    'page 2 holds other listings',
  );
  t.match(title(r.body), '_第2页_');
  t.equal(canonical(r.body), `${ORIGIN}${list}pg2/`);
  t.equal(relLink(r.body, 'prev'), `${ORIGIN}${list}`);
  return r.body;
}

/** The last page of a list has no rel next and the page after it is 404 (three assertions). */
export async function assertLastPage(t: Test, get: PageGet, list: string, last: number): Promise<void> {
  const end = await get(`${list}pg${last}/`);
  t.equal(end.statusCode, 200);
  t.equal(relLink(end.body, 'next'), null);
  t.equal((await get(`${list}pg${last + 1}/`)).statusCode, 404);
}
