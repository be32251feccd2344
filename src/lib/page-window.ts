/** The page numbers around the current page: 1 … 4 5 [6] 7 8 … 20. Pure, for the component and its tests. */
export function pageWindow(page: number, totalPages: number, radius = 2): Array<number | '…'> {
  if (totalPages <= 1) return [];
  const out: Array<number | '…'> = [];
  const from = Math.max(1, page - radius);
  const to = Math.min(totalPages, page + radius);
  if (from > 1) out.push(1);
  if (from > 2) out.push('…');
  for (let i = from; i <= to; i++) out.push(i);
  if (to < totalPages - 1) out.push('…');
  if (to < totalPages) out.push(totalPages);
  return out;
}

/** The pages a pager links: the previous, the next and those of its window (the current page is no link). */
export function linkedPages(page: number, totalPages: number): number[] {
  const out = new Set<number>();
  for (const n of [page - 1, ...pageWindow(page, totalPages), page + 1])
    if (typeof n === 'number' && n >= 1 && n <= totalPages && n !== page) out.add(n);
  return [...out].sort((a, b) => a - b);
}
