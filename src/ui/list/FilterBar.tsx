import { type MouseEvent, type ReactNode, type SyntheticEvent, useRef } from 'react';
import {
  AGE_OPTIONS,
  AREA_BANDS,
  DECORATIONS,
  ELEVATOR_OPTIONS,
  FEATURES,
  FLOOR_OPTIONS,
  type ListingKind,
  type ListingQuery,
  type LocationDict,
  ORIENTATIONS,
  RENT_PRICE_BANDS,
  RENT_SORT_LABELS,
  RENT_TAGS,
  RENT_TYPES,
  ROOM_OPTIONS,
  SALE_PRICE_BANDS,
  SALE_TAGS,
  SORTS,
  toggled,
  toTail,
  USE_TYPES,
  withFilter,
} from '../../lib/listing-filters.ts';
import { AppLink } from '../AppLink.tsx';

export interface FilterBarProps {
  kind: ListingKind;
  base: string;
  query: ListingQuery;
  dict: LocationDict;
}

/** The URL of a filter state: every option of the bar is a plain link, so the bar works without JavaScript. */
export function filterHref(base: string, q: ListingQuery, kind: ListingKind, dict: LocationDict): string {
  return base + toTail(q, kind, dict);
}

export function Opt({ href, on, children, rel }: { href: string; on: boolean; children: ReactNode; rel?: string }) {
  return (
    <AppLink href={href} className={`fbar__opt${on ? ' is-on' : ''}`} aria-current={on ? 'true' : undefined} rel={rel}>
      {children}
    </AppLink>
  );
}

export function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="fbar__group">
      <h4 className="fbar__gtitle">{title}</h4>
      <div className="fbar__opts">{children}</div>
    </div>
  );
}

/**
 * The panels of a filter bar are `<details>`: a chosen option closes its panel at once (client navigation keeps the
 * DOM; the list re-renders after its data), and opening one panel closes the others.
 */
export function usePanels() {
  const ref = useRef<HTMLDivElement>(null);
  const onPick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('a')) for (const d of ref.current?.querySelectorAll('details') ?? []) d.open = false;
  };
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = e.currentTarget;
    if (!opened.open) return;
    for (const d of ref.current?.querySelectorAll('details') ?? []) if (d !== opened) d.open = false;
  };
  return { ref, onPick, onToggle };
}

/**
 * The list filter bar (SPEC 9): 区域 (region, shop area, metro line, station), 价格/租金, 户型, 更多 (area, age,
 * floor, orientation, decoration, elevator, use, tags, features, price change; whole/shared for rentals) and the
 * sort menu. Panels are `<details>`: they open and close without JavaScript; with it, opening one closes the rest.
 */
export function FilterBar({ kind, base, query: q, dict }: FilterBarProps) {
  const { ref, onPick, onToggle } = usePanels();
  const href = (patch: Partial<ListingQuery>) => filterHref(base, withFilter(q, patch), kind, dict);
  const rent = kind === 'zufang';
  const bands = rent ? RENT_PRICE_BANDS : SALE_PRICE_BANDS;

  const priceLabel = q.price ? (bands[q.price - 1]?.label ?? '') : rent ? '租金' : '价格';
  const roomsLabel =
    q.rooms.length === 1
      ? (ROOM_OPTIONS[(q.rooms[0] as number) - 1] ?? '户型')
      : q.rooms.length
        ? '多选'
        : q.rentType
          ? (RENT_TYPES[q.rentType - 1] ?? '户型')
          : '户型';
  const more = [
    q.area,
    q.age,
    q.floor,
    q.orientation,
    q.decoration,
    q.elevator,
    q.use,
    q.feature,
    q.priceChange ? 1 : 0,
    q.tags.length,
  ].filter(Boolean).length;
  const sortLabel = (i: number) => (rent ? RENT_SORT_LABELS[i] : undefined) ?? SORTS[i - 1]?.label ?? '';

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation of the links' clicks
    <div className="fbar" ref={ref} onClick={onPick}>
      <LocationPanel query={q} dict={dict} href={href} onToggle={onToggle} />

      <details className="fbar__item" onToggle={onToggle}>
        <summary className={`fbar__tab${q.price ? ' is-on' : ''}`}>{priceLabel}</summary>
        <div className="fbar__panel">
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
        </div>
      </details>

      <details className="fbar__item" onToggle={onToggle}>
        <summary className={`fbar__tab${q.rooms.length || q.rentType ? ' is-on' : ''}`}>{roomsLabel}</summary>
        <div className="fbar__panel">
          <Group title="户型(可多选)">
            <Opt href={href({ rooms: [] })} on={!q.rooms.length}>
              不限
            </Opt>
            {ROOM_OPTIONS.map((label, i) => (
              <Opt key={label} href={href({ rooms: toggled(q.rooms, i + 1) })} on={q.rooms.includes(i + 1)}>
                {label}
              </Opt>
            ))}
          </Group>
          {rent ? (
            <Group title="方式">
              <Opt href={href({ rentType: undefined })} on={!q.rentType}>
                不限
              </Opt>
              {RENT_TYPES.map((label, i) => (
                <Opt key={label} href={href({ rentType: i + 1 })} on={q.rentType === i + 1}>
                  {label}
                </Opt>
              ))}
            </Group>
          ) : null}
        </div>
      </details>

      <details className="fbar__item" onToggle={onToggle}>
        <summary className={`fbar__tab${more ? ' is-on' : ''}`}>{more ? `更多(${more})` : '更多'}</summary>
        <div className="fbar__panel">
          <Group title="面积">
            {AREA_BANDS.map((b, i) => (
              <Opt key={b.label} href={href({ area: q.area === i + 1 ? undefined : i + 1 })} on={q.area === i + 1}>
                {b.label}
              </Opt>
            ))}
          </Group>
          {rent ? null : (
            <Group title="楼龄">
              {AGE_OPTIONS.map((y, i) => (
                <Opt key={y} href={href({ age: q.age === i + 1 ? undefined : i + 1 })} on={q.age === i + 1}>
                  {`${y}年以内`}
                </Opt>
              ))}
            </Group>
          )}
          <Group title="楼层(低:6层以下 中:6-12层 高:12层以上)">
            {FLOOR_OPTIONS.map((f, i) => (
              <Opt key={f.value} href={href({ floor: q.floor === i + 1 ? undefined : i + 1 })} on={q.floor === i + 1}>
                {f.label}
              </Opt>
            ))}
          </Group>
          <Group title="朝向">
            {ORIENTATIONS.map((o, i) => (
              <Opt key={o} href={href({ orientation: q.orientation === i + 1 ? undefined : i + 1 })} on={q.orientation === i + 1}>
                {o}
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
          <Group title="电梯">
            {ELEVATOR_OPTIONS.map((d, i) => (
              <Opt key={d} href={href({ elevator: q.elevator === i + 1 ? undefined : i + 1 })} on={q.elevator === i + 1}>
                {d}
              </Opt>
            ))}
          </Group>
          {rent ? null : (
            <Group title="用途">
              {USE_TYPES.map((d, i) => (
                <Opt key={d} href={href({ use: q.use === i + 1 ? undefined : i + 1 })} on={q.use === i + 1}>
                  {d}
                </Opt>
              ))}
            </Group>
          )}
          {rent ? null : (
            <Group title="特色">
              {FEATURES.map((d, i) => (
                <Opt key={d} href={href({ feature: q.feature === i + 1 ? undefined : i + 1 })} on={q.feature === i + 1}>
                  {d}
                </Opt>
              ))}
              <Opt href={href({ priceChange: !q.priceChange })} on={Boolean(q.priceChange)}>
                降价房源
              </Opt>
            </Group>
          )}
          <Group title="标签">
            {(rent ? RENT_TAGS : SALE_TAGS).map((d, i) => (
              <Opt key={d} href={href({ tags: toggled(q.tags, i + 1) })} on={q.tags.includes(i + 1)}>
                {d}
              </Opt>
            ))}
          </Group>
          <div className="fbar__foot">
            <AppLink
              className="btn btn--ghost btn--sm"
              href={href({
                area: undefined,
                age: undefined,
                floor: undefined,
                orientation: undefined,
                decoration: undefined,
                elevator: undefined,
                use: undefined,
                feature: undefined,
                priceChange: undefined,
                tags: [],
              })}
            >
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
          {SORTS.map((s, i) => (
            <Opt key={s.api} href={href({ sort: i + 1 })} on={q.sort === i + 1}>
              {sortLabel(i + 1)}
            </Opt>
          ))}
        </div>
      </details>
    </div>
  );
}

/** The 区域 tab: regions, the chosen region's shop areas, metro lines and the chosen line's stations. */
export function LocationPanel({
  query: q,
  dict,
  href,
  onToggle,
}: {
  query: ListingQuery;
  dict: LocationDict;
  href: (patch: Partial<ListingQuery>) => string;
  onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => void;
}) {
  const region = dict.regions.find((r) => r.regionId === q.regionId);
  const shop = dict.shopMaps.find((s) => s.shopMapId === q.shopMapId);
  const metro = dict.metros.find((m) => m.metroId === q.metroId);
  const station = metro?.stations.find((s) => s.stationId === q.stationId);
  const whereLabel = station?.name ?? shop?.shopMapName ?? metro?.name ?? region?.regionName ?? '区域';
  const noLocation = { regionId: undefined, shopMapId: undefined, metroId: undefined, stationId: undefined };
  return (
    <details className="fbar__item" onToggle={onToggle}>
      <summary className={`fbar__tab${whereLabel !== '区域' ? ' is-on' : ''}`}>{whereLabel}</summary>
      <div className="fbar__panel">
        <Group title="区域">
          <Opt href={href(noLocation)} on={!q.regionId && !q.metroId}>
            不限
          </Opt>
          {dict.regions.map((r) => (
            <Opt key={r.regionId} href={href({ ...noLocation, regionId: r.regionId })} on={q.regionId === r.regionId && !q.shopMapId}>
              {r.regionName}
            </Opt>
          ))}
        </Group>
        {region ? (
          <Group title={`${region.regionName}商圈`}>
            {dict.shopMaps
              .filter((s) => s.regionId === region.regionId)
              .map((s) => (
                <Opt
                  key={s.shopMapId}
                  href={href({ ...noLocation, regionId: s.regionId, shopMapId: s.shopMapId })}
                  on={q.shopMapId === s.shopMapId}
                >
                  {s.shopMapName}
                </Opt>
              ))}
          </Group>
        ) : null}
        {dict.metros.length ? (
          <Group title="地铁">
            {dict.metros.map((m) => (
              <Opt key={m.metroId} href={href({ ...noLocation, metroId: m.metroId })} on={q.metroId === m.metroId && !q.stationId}>
                {m.name}
              </Opt>
            ))}
          </Group>
        ) : null}
        {metro ? (
          <Group title={`${metro.name}站点`}>
            {metro.stations.map((s) => (
              <Opt
                key={s.stationId}
                href={href({ ...noLocation, metroId: metro.metroId, stationId: s.stationId })}
                on={q.stationId === s.stationId}
              >
                {s.name}
              </Opt>
            ))}
          </Group>
        ) : null}
      </div>
    </details>
  );
}
