import { AppLink } from '../AppLink.tsx';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The URL of page n (page 1 is the list root, page 2 onwards `…/pg2/`). */
  hrefOf: (page: number) => string;
}

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

/** Pagination as links (crawlable, works without JavaScript): 上一页, numbers, 下一页. */
export function Pagination({ page, totalPages, hrefOf }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="分页">
      {page > 1 ? (
        <AppLink className="pager__btn" href={hrefOf(page - 1)} rel="prev">
          上一页
        </AppLink>
      ) : (
        <span className="pager__btn is-off">上一页</span>
      )}
      <span className="pager__nums">
        {pageWindow(page, totalPages).map((n, i) =>
          n === '…' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the two ellipses differ only by position
            <span key={`gap${i}`} className="pager__gap">
              …
            </span>
          ) : n === page ? (
            <span key={n} className="pager__num is-on" aria-current="page">
              {n}
            </span>
          ) : (
            <AppLink key={n} className="pager__num" href={hrefOf(n)}>
              {n}
            </AppLink>
          ),
        )}
      </span>
      {page < totalPages ? (
        <AppLink className="pager__btn" href={hrefOf(page + 1)} rel="next">
          下一页
        </AppLink>
      ) : (
        <span className="pager__btn is-off">下一页</span>
      )}
    </nav>
  );
}
