import type { MouseEvent } from 'react';
import type { CompareHome } from '../../contracts/page-data/duibi.ts';
import { type CompareKind, compareHref } from '../../lib/compare.ts';
import { isMember } from '../../stores/app-state.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import type { CompareRow } from './rows.ts';

const store = () => import('../../client/compare/store.ts');

/**
 * The homes side by side (issue 37 part 4): a table that scrolls sideways on a phone with its first column (the
 * facts' names) sticky; the best value of a row is marked 优, a row whose homes differ is tinted. Each column's 移除
 * is a link to the comparison without it (it works without JavaScript and for anyone the URL is shared with); with
 * JavaScript it takes the home out of the browser's (and a member's) list too.
 */
export function CompareTable({ kind, homes, rows }: { kind: CompareKind; homes: readonly CompareHome[]; rows: readonly CompareRow[] }) {
  const { user } = useAppState();
  const member = isMember(user);
  const without = (id: number) => compareHref({ kind, ids: homes.map((h) => h.houseId).filter((x) => x !== id) });
  const onRemove = (id: number) => (_e: MouseEvent) => void store().then((m) => m.removeItem(kind, id, member));
  return (
    // A region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
    <div className="cmp-scroll" role="region" aria-label="房源对比表，可左右滑动" tabIndex={0}>
      <table className={`cmp-table cmp-table--n${homes.length}`} data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col" className="cmp-table__corner">
              房源
            </th>
            {homes.map((h) => (
              <th key={h.houseId} scope="col" className="cmp-home" data-house-id={h.houseId}>
                <AppLink href={h.href} className="cmp-home__link">
                  <img className="cmp-home__img" src={h.img} alt={h.title} width={120} height={90} loading="lazy" />
                  <span className="cmp-home__title">{h.title}</span>
                </AppLink>
                <AppLink href={without(h.houseId)} className="cmp-home__rm" onClick={onRemove(h.houseId)} data-testid="compare-remove">
                  移除
                </AppLink>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.differs ? 'is-diff' : undefined} data-row={r.key}>
              <th scope="row">
                <RowLabel label={r.label} />
              </th>
              {r.cells.map((c, i) => (
                <td key={homes[i]?.houseId ?? i} className={r.best.includes(i) ? 'is-best' : undefined}>
                  {c}
                  {r.best.includes(i) ? <span className="cmp-best">优</span> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A label's note in brackets (the monthly payment's calculator settings) goes under it, smaller. */
function RowLabel({ label }: { label: string }) {
  const at = label.indexOf('（');
  if (at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <small className="cmp-table__note">{label.slice(at)}</small>
    </>
  );
}
