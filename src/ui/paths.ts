/** Pure helpers for links the UI builds. No I/O, no globals: the same answer on the server and in the browser. */

import { safeReturnPath } from '../lib/return-url.ts';

/** Pages whose own return URL must not be the next return URL (a login page returning to itself). */
const AUTH_PATHS = /^\/(login|register|resetpassword)(\/|$)/i;

/** The path (with query) the visitor is on, as a safe return URL for the login and register links (SPEC 2.7). */
export function currentReturnPath(path: string, query: Record<string, string> = {}): string {
  if (AUTH_PATHS.test(path)) return safeReturnPath(query.bUrl);
  const search = new URLSearchParams(query).toString();
  return safeReturnPath(search ? `${path}?${search}` : path);
}

export function withReturnUrl(base: '/login' | '/register', returnPath: string): string {
  return `${base}?bUrl=${encodeURIComponent(safeReturnPath(returnPath))}`;
}

/** Drops the brand suffix a page title carries (`二手房_品牌`, `二手房 - 品牌`, `二手房|品牌`). */
export function titleWithoutBrand(title: string, brand: string): string {
  let t = (title || '').trim();
  if (brand) {
    const re = new RegExp(`\\s*[-_|｜—–·]+\\s*${brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`);
    t = t.replace(re, '').trim();
    if (t === brand) t = '';
  }
  return t;
}

/** 1234567 → '1,234,567' without locale data (Intl output can differ between Node and a phone browser). */
/** 128.5 → '128.5'; 90 → '90'. */
export const num = (n: number) => String(Math.round(n * 100) / 100);

export function groupDigits(n: number): string {
  const [int, frac] = String(Math.round(n * 100) / 100).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** An SEO title `长沙新房_新楼盘_新开楼盘信息_品牌` as a heading (`长沙新房`) and its keywords (`新楼盘`, `新开楼盘信息`). */
export function splitTitle(title: string, brand: string): { main: string; rest: string[] } {
  const parts = titleWithoutBrand(title, brand)
    .split(/\s*[_|｜]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { main: parts[0] ?? '', rest: parts.slice(1) };
}
