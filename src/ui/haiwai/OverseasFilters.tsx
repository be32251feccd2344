import {
  countrySlug,
  NEWEST_LABEL,
  OVERSEAS_PRICE_BANDS,
  OVERSEAS_ROOMS,
  OVERSEAS_SORTS,
  type OverseasQuery,
  overseasListHref as overseasHref,
  withOverseasFilter,
} from '../../lib/overseas-filters.ts';
import { AppLink } from '../AppLink.tsx';

const on = (yes: boolean) => (yes ? 'hw-chip is-on' : 'hw-chip');

/**
 * The overseas list filters, all plain links (crawlable, no JavaScript needed): a scrolling row of countries with
 * their counts, the three orders, and a fold-out of total-price bands and layouts.
 */
export function OverseasFilters({ query: q, countries }: { query: OverseasQuery; countries: Array<{ country: string; count: number }> }) {
  const more = Boolean(q.price || q.rooms);
  return (
    <div className="hw-filters">
      <nav className="hw-chips" aria-label="国家">
        <AppLink href={overseasHref(withOverseasFilter(q, { country: undefined }))} className={on(!q.country)}>
          全部
        </AppLink>
        {countries.map((c) => (
          <AppLink
            key={c.country}
            href={overseasHref(withOverseasFilter(q, { country: c.country }))}
            className={on(q.country === c.country)}
            data-slug={countrySlug(c.country)}
          >
            {c.country}
            <small>{c.count}</small>
          </AppLink>
        ))}
      </nav>
      <nav className="hw-sorts" aria-label="排序">
        <AppLink
          href={overseasHref(withOverseasFilter(q, { sort: undefined }))}
          className={q.sort ? '' : 'is-on'}
          data-testid="sort-newest"
        >
          {NEWEST_LABEL}
        </AppLink>
        {OVERSEAS_SORTS.map((s, i) => (
          <AppLink
            key={s.api}
            href={overseasHref(withOverseasFilter(q, { sort: i + 1 }))}
            className={q.sort === i + 1 ? 'is-on' : ''}
            data-testid={`sort-${s.api}`}
          >
            {s.label}
          </AppLink>
        ))}
      </nav>
      <details className="hw-more" open={more}>
        <summary>总价 · 户型</summary>
        <div className="hw-more__row">
          <span className="hw-more__label">总价</span>
          <AppLink href={overseasHref(withOverseasFilter(q, { price: undefined }))} className={on(!q.price)}>
            不限
          </AppLink>
          {OVERSEAS_PRICE_BANDS.map((b, i) => (
            <AppLink key={b.label} href={overseasHref(withOverseasFilter(q, { price: i + 1 }))} className={on(q.price === i + 1)}>
              {b.label}
            </AppLink>
          ))}
        </div>
        <div className="hw-more__row">
          <span className="hw-more__label">户型</span>
          <AppLink href={overseasHref(withOverseasFilter(q, { rooms: undefined }))} className={on(!q.rooms)}>
            不限
          </AppLink>
          {OVERSEAS_ROOMS.map((r, i) => (
            <AppLink key={r} href={overseasHref(withOverseasFilter(q, { rooms: i + 1 }))} className={on(q.rooms === i + 1)}>
              {r}
            </AppLink>
          ))}
        </div>
      </details>
    </div>
  );
}
