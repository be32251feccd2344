import {
  areaBandsOf,
  DECORATIONS,
  formatsOf,
  type ListingQuery,
  priceBandsOf,
  RENT_SORT_LABELS,
  rentOf,
  SORTS,
  sortAllowed,
  tagsOf,
  toggled,
  withFilter,
  ZHAOPU_DEALS,
} from '../../lib/listing-filters.ts';
import { AppLink } from '../AppLink.tsx';
import { type FilterBarProps, filterHref, Group, LocationPanel, Opt, usePanels } from './FilterBar.tsx';

/**
 * The filter bar of the shop and office lists and of the shop channel 找铺: 区域, 总价/租金 (找铺: 出租/出售 first,
 * then the bands of that deal), 面积, 更多 (业态 for shops, tags, decoration) and the sort menu. Every option is a
 * link to the canonical path of the new filter state.
 */
export function CommercialFilterBar({ kind, base, query: q, dict }: FilterBarProps) {
  const { ref, onPick, onToggle } = usePanels();
  const href = (patch: Partial<ListingQuery>) => filterHref(base, withFilter(q, patch), kind, dict);
  const rent = rentOf(kind, q);
  const bands = priceBandsOf(kind, q);
  const areas = areaBandsOf(kind);
  const formats = formatsOf(kind);
  const tags = tagsOf(kind);
  const zhaopu = kind === 'zhaopu';
  const dealLabel = q.deal ? ZHAOPU_DEALS[q.deal - 1] : undefined;
  const priceLabel = q.price ? (bands[q.price - 1]?.label ?? '') : (dealLabel ?? (zhaopu ? '类型' : rent ? '租金' : '总价'));
  const areaLabel = q.area ? (areas[q.area - 1]?.label ?? '面积') : '面积';
  const more = [q.format, q.decoration, q.tags.length].filter(Boolean).length;
  const sortLabel = (i: number) => (rent ? RENT_SORT_LABELS[i] : undefined) ?? SORTS[i - 1]?.label ?? '';

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation of the links' clicks
    <div className="fbar" ref={ref} onClick={onPick}>
      <LocationPanel query={q} dict={dict} href={href} onToggle={onToggle} />

      <details className="fbar__item" onToggle={onToggle}>
        <summary className={`fbar__tab${q.price || q.deal ? ' is-on' : ''}`}>{priceLabel}</summary>
        <div className="fbar__panel">
          {zhaopu ? (
            <Group title="类型">
              <Opt
                href={href({ deal: undefined, price: undefined, sort: sortAllowed(kind, {}, q.sort) ? q.sort : undefined })}
                on={!q.deal}
              >
                不限
              </Opt>
              {ZHAOPU_DEALS.map((d, i) => (
                <Opt key={d} href={href({ deal: i + 1, price: undefined })} on={q.deal === i + 1}>
                  {`商铺${d}`}
                </Opt>
              ))}
            </Group>
          ) : null}
          {bands.length ? (
            <Group title={rent ? '租金(元/月)' : '总价(万)'}>
              <Opt href={href({ price: undefined })} on={!q.price}>
                不限
              </Opt>
              {bands.map((b, i) => (
                <Opt key={b.label} href={href({ price: i + 1 })} on={q.price === i + 1}>
                  {b.label}
                </Opt>
              ))}
            </Group>
          ) : null}
        </div>
      </details>

      <details className="fbar__item" onToggle={onToggle}>
        <summary className={`fbar__tab${q.area ? ' is-on' : ''}`}>{areaLabel}</summary>
        <div className="fbar__panel">
          <Group title="面积">
            <Opt href={href({ area: undefined })} on={!q.area}>
              不限
            </Opt>
            {areas.map((b, i) => (
              <Opt key={b.label} href={href({ area: i + 1 })} on={q.area === i + 1}>
                {b.label}
              </Opt>
            ))}
          </Group>
        </div>
      </details>

      <details className="fbar__item" onToggle={onToggle}>
        <summary className={`fbar__tab${more ? ' is-on' : ''}`}>{more ? `更多(${more})` : '更多'}</summary>
        <div className="fbar__panel">
          {formats.length ? (
            <Group title="适合业态">
              {formats.map((d, i) => (
                <Opt key={d} href={href({ format: q.format === i + 1 ? undefined : i + 1 })} on={q.format === i + 1}>
                  {d}
                </Opt>
              ))}
            </Group>
          ) : null}
          <Group title="特色(可多选)">
            {tags.map((d, i) => (
              <Opt key={d} href={href({ tags: toggled(q.tags, i + 1) })} on={q.tags.includes(i + 1)}>
                {d}
              </Opt>
            ))}
          </Group>
          <Group title="装修">
            {DECORATIONS.map((d, i) => (
              <Opt key={d} href={href({ decoration: q.decoration === i + 1 ? undefined : i + 1 })} on={q.decoration === i + 1}>
                {d}
              </Opt>
            ))}
          </Group>
          <div className="fbar__foot">
            <AppLink className="btn btn--ghost btn--sm" href={href({ format: undefined, decoration: undefined, tags: [] })}>
              清空更多
            </AppLink>
          </div>
        </div>
      </details>

      <details className="fbar__item fbar__item--sort" onToggle={onToggle}>
        <summary className={`fbar__tab fbar__tab--sort${q.sort ? ' is-on' : ''}`} aria-label="排序">
          排序
        </summary>
        <div className="fbar__panel fbar__panel--list">
          <Opt href={href({ sort: undefined })} on={!q.sort}>
            默认排序
          </Opt>
          {SORTS.map((s, i) =>
            sortAllowed(kind, q, i + 1) ? (
              <Opt key={s.api} href={href({ sort: i + 1 })} on={q.sort === i + 1}>
                {sortLabel(i + 1)}
              </Opt>
            ) : null,
          )}
        </div>
      </details>
    </div>
  );
}
