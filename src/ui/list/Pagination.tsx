import { pageWindow } from '../../lib/page-window.ts';
import { AppLink } from '../AppLink.tsx';

export { pageWindow };

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The URL of page n (page 1 is the list root, page 2 onwards `…/pg2/`). */
  hrefOf: (page: number) => string;
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
