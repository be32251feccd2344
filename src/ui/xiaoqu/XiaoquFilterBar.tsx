import { type MouseEvent, useRef } from 'react';
import {
  withXiaoquFilter,
  XIAOQU_AGE_OPTIONS,
  XIAOQU_PRICE_BANDS,
  XIAOQU_PROPERTY_TYPES,
  XIAOQU_SORTS,
  type XiaoquPlaces,
  type XiaoquQuery,
  xiaoquListHref,
} from '../../lib/xiaoqu-filters.ts';
import { Group, type OnToggle, Opt, Panel } from '../list/filter-parts.tsx';

/**
 * The community list's filter bar, built from the list filter parts (Panel, Group, Opt: `<details>` panels of plain
 * links, working without JavaScript): 区域 (regions, the chosen region's shop areas), 均价, 房龄, 类型 and the sorts.
 */
export function XiaoquFilterBar({ query: q, places }: { query: XiaoquQuery; places: XiaoquPlaces }) {
  const ref = useRef<HTMLDivElement>(null);
  const onPick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('a')) for (const d of ref.current?.querySelectorAll('details') ?? []) d.open = false;
  };
  const onToggle: OnToggle = (e) => {
    const opened = e.currentTarget;
    if (!opened.open) return;
    for (const d of ref.current?.querySelectorAll('details') ?? []) if (d !== opened) d.open = false;
  };
  const href = (patch: Partial<XiaoquQuery>) => xiaoquListHref(withXiaoquFilter(q, patch), places);
  const region = places.regions.find((r) => r.regionId === q.regionId);
  const shop = places.shopMaps.find((s) => s.shopMapId === q.shopMapId);
  const noPlace = { regionId: undefined, shopMapId: undefined };
  const choices = (field: 'price' | 'age' | 'type', labels: readonly string[]) => (
    <>
      <Opt href={href({ [field]: undefined })} on={!q[field]}>
        不限
      </Opt>
      {labels.map((label, i) => (
        <Opt key={label} href={href({ [field]: i + 1 })} on={q[field] === i + 1}>
          {label}
        </Opt>
      ))}
    </>
  );
  const ageLabels = XIAOQU_AGE_OPTIONS.map((y) => `${y}年以内`);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation of the links' clicks
    <div className="fbar" ref={ref} onClick={onPick} data-testid="xiaoqu-filters">
      <Panel label={shop?.shopMapName ?? region?.regionName ?? '区域'} on={Boolean(region)} onToggle={onToggle}>
        <Group title="区域">
          <Opt href={href(noPlace)} on={!q.regionId}>
            不限
          </Opt>
          {places.regions.map((r) => (
            <Opt key={r.regionId} href={href({ ...noPlace, regionId: r.regionId })} on={q.regionId === r.regionId && !q.shopMapId}>
              {r.regionName}
            </Opt>
          ))}
        </Group>
        {region ? (
          <Group title={`${region.regionName}商圈`}>
            {places.shopMaps
              .filter((s) => s.regionId === region.regionId)
              .map((s) => (
                <Opt key={s.shopMapId} href={href({ regionId: s.regionId, shopMapId: s.shopMapId })} on={q.shopMapId === s.shopMapId}>
                  {s.shopMapName}
                </Opt>
              ))}
          </Group>
        ) : null}
      </Panel>
      <Panel
        label={q.price ? (XIAOQU_PRICE_BANDS[q.price - 1]?.label.replace('元/㎡', '') ?? '均价') : '均价'}
        on={Boolean(q.price)}
        onToggle={onToggle}
      >
        <Group title="均价(元/㎡)">
          {choices(
            'price',
            XIAOQU_PRICE_BANDS.map((b) => b.label),
          )}
        </Group>
      </Panel>
      <Panel label={q.age ? (ageLabels[q.age - 1] ?? '房龄') : '房龄'} on={Boolean(q.age)} onToggle={onToggle}>
        <Group title="房龄">{choices('age', ageLabels)}</Group>
      </Panel>
      <Panel label={q.type ? (XIAOQU_PROPERTY_TYPES[q.type - 1] ?? '类型') : '类型'} on={Boolean(q.type)} onToggle={onToggle}>
        <Group title="物业类型">{choices('type', XIAOQU_PROPERTY_TYPES)}</Group>
      </Panel>
      <details className="fbar__item fbar__item--sort" onToggle={onToggle}>
        <summary className={`fbar__tab fbar__tab--sort${q.sort ? ' is-on' : ''}`} aria-label="排序">
          排序
        </summary>
        <div className="fbar__panel fbar__panel--list">
          <Opt href={href({ sort: undefined })} on={!q.sort}>
            默认排序
          </Opt>
          {XIAOQU_SORTS.map((s, i) => (
            <Opt key={s.api} href={href({ sort: i + 1 })} on={q.sort === i + 1}>
              {s.label}
            </Opt>
          ))}
        </div>
      </details>
    </div>
  );
}
