import type { Page } from '../contracts/gateway/index.ts';

/** The gateway's answer envelope (SPEC 7.1, 7.12): `{status: 200, obj}`; paged results in `obj.content`. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  obj: T;
}

export function ok<T>(obj: T): Envelope<T> {
  return { status: 200, message: 'success', obj };
}

export function page<T>(content: T[], total: number, pageNo: number, size: number): Envelope<Page<T>> {
  const totalPages = size > 0 ? Math.ceil(total / size) : 0;
  return ok({ content, totalElements: total, totalPages, number: pageNo, size, first: pageNo <= 1, last: pageNo >= totalPages });
}

/** A business failure answered with HTTP 200 and a non-200 body status, as the real gateway does. */
export function fail(status: number, message: string): { status: number; message: string; obj: null } {
  return { status, message, obj: null };
}

/** Paging input shared by list calls: `page` is 1-based (0 is read as 1), `size` 1..100. */
export interface Paging {
  page?: number;
  size?: number;
}

export function paging(p: Paging, defaultSize = 20): { pageNo: number; size: number; offset: number } {
  const pageNo = Math.max(1, p.page ?? 1);
  const size = p.size ?? defaultSize;
  return { pageNo, size, offset: (pageNo - 1) * size };
}

export const splitList = (s: string | null | undefined): string[] => (s ? s.split(',').filter(Boolean) : []);
