import type { MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { LOUPAN_TYPES } from '../../lib/loupan-types.ts';
import {
  type RegionSlugs,
  ROOM_OPTIONS,
  SALE_STATUS_CODES,
  SORTS,
  TOTAL_PRICE_BANDS,
  toggleRoom,
  UNIT_PRICE_BANDS,
  withFilter,
  type XinfangFilter,
  xinfangPath,
} from '../../lib/xinfang-filters.ts';
import { AppLink } from '../AppLink.tsx';
import { useMemoChildren } from '../markup-memo.tsx';

function Opt({ href, on, children }: { href: string; on: boolean; children: ReactNode }) {
  return (
    <AppLink href={href} className={`xf-fbar__opt${on ? ' is-on' : ''}`} aria-current={on ? 'true' : undefined}>
      {children}
    </AppLink>
  );
}

/** A picked option closes its panel (a client navigation keeps the bar mounted). */
function closeAfterPick(e: MouseEvent<HTMLDivElement>) {
  if ((e.target as HTMLElement).closest('a')) e.currentTarget.closest('details')?.removeAttribute('open');
}

function Panel({ label, active, children, wide }: { label: string; active: boolean; children: ReactNode; wide?: boolean }) {
  // One panel open at a time: opening one closes its siblings (without JavaScript each simply toggles).
  const onToggle = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const el = e.currentTarget;
    if (!el.open) return;
    for (const d of el.parentElement?.querySelectorAll('details') ?? []) if (d !== el) d.open = false;
  };
  return (
    <details className={`xf-fbar__tab${active ? ' is-active' : ''}`} onToggle={onToggle}>
      <summary className="xf-fbar__sum">{label}</summary>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: closes the panel after an option link is followed (the link itself is the control) */}
      <div className={`xf-fbar__panel${wide ? ' xf-fbar__panel--wide' : ''}`} onClick={closeAfterPick}>
        {children}
      </div>
    </details>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="xf-fbar__group">
      <h4 className="xf-fbar__gtitle">{title}</h4>
      <div className="xf-fbar__opts">{children}</div>
    </div>
  );
}

/**
 * The new-home list filters: 区域 · 价格 (average or total) · 类型 (SPEC 9 codes) · 更多 (sale status, rooms) · 排序.
 * Every option is a plain link to the filtered list's path, so the bar works without JavaScript and crawlers
 * follow it.
 */
export function XfFilterBar({
  filter: f,
  regions,
  slugs,
}: {
  filter: XinfangFilter;
  regions: ReadonlyArray<{ regionId: number; regionName: string; count?: number }>;
  slugs: RegionSlugs;
}) {
  const href = (patch: Partial<XinfangFilter>) => xinfangPath(withFilter(f, patch), slugs);
  const region = regions.find((r) => r.regionId === f.regionId);
  const price = UNIT_PRICE_BANDS.find((b) => b.code === f.price) ?? TOTAL_PRICE_BANDS.find((b) => b.code === f.total);
  const type = LOUPAN_TYPES.find((t) => t.code === f.typeCode);
  const more = (f.saleStatus ? 1 : 0) + (f.rooms?.length ?? 0);
  const sort = SORTS.find((s) => s.code === f.sort);
  // The same for every visitor of this filter state: rendered once per state and regions list on the server (issue 20).
  const panels = useMemoChildren(
    regions,
    JSON.stringify(f),
    <>
      <Panel label={region?.regionName ?? '区域'} active={Boolean(region)}>
        <div className="xf-fbar__opts">
          <Opt href={href({ regionId: undefined })} on={!f.regionId}>
            不限
          </Opt>
          {regions.map((r) => (
            <Opt key={r.regionId} href={href({ regionId: r.regionId })} on={r.regionId === f.regionId}>
              {r.regionName}
              {r.count !== undefined ? <em className="xf-fbar__n">{r.count}</em> : null}
            </Opt>
          ))}
        </div>
      </Panel>
      <Panel label={price?.label ?? '价格'} active={Boolean(price)}>
        <Group title="均价">
          <Opt href={href({ price: undefined, total: undefined })} on={!f.price && !f.total}>
            不限
          </Opt>
          {UNIT_PRICE_BANDS.map((b) => (
            <Opt key={b.code} href={href({ price: b.code, total: undefined })} on={f.price === b.code}>
              {b.label}
            </Opt>
          ))}
        </Group>
        <Group title="总价">
          {TOTAL_PRICE_BANDS.map((b) => (
            <Opt key={b.code} href={href({ total: b.code, price: undefined })} on={f.total === b.code}>
              {b.label}
            </Opt>
          ))}
        </Group>
      </Panel>
      <Panel label={type?.name ?? '类型'} active={Boolean(type)}>
        <div className="xf-fbar__opts">
          <Opt href={href({ typeCode: undefined })} on={!f.typeCode}>
            不限
          </Opt>
          {LOUPAN_TYPES.map((t) => (
            <Opt key={t.code} href={href({ typeCode: t.code })} on={t.code === f.typeCode}>
              {t.name}
            </Opt>
          ))}
        </div>
      </Panel>
      <Panel label={more ? `更多(${more})` : '更多'} active={more > 0} wide>
        <Group title="销售状态">
          <Opt href={href({ saleStatus: undefined })} on={!f.saleStatus}>
            不限
          </Opt>
          {SALE_STATUS_CODES.map((s) => (
            <Opt key={s.code} href={href({ saleStatus: s.status })} on={s.status === f.saleStatus}>
              {s.label}
            </Opt>
          ))}
        </Group>
        <Group title="居室（可多选）">
          <Opt href={href({ rooms: undefined })} on={!f.rooms?.length}>
            不限
          </Opt>
          {ROOM_OPTIONS.map((r) => (
            <Opt key={r.code} href={xinfangPath(toggleRoom(f, r.code), slugs)} on={Boolean(f.rooms?.includes(r.code))}>
              {r.label}
            </Opt>
          ))}
        </Group>
      </Panel>
      <Panel label={sort ? sort.label.replace(/从.*到/, '') : '排序'} active={Boolean(sort)}>
        <div className="xf-fbar__opts xf-fbar__opts--col">
          <Opt href={href({ sort: undefined })} on={!f.sort}>
            默认排序
          </Opt>
          {SORTS.map((s) => (
            <Opt key={s.code} href={href({ sort: s.code })} on={s.code === f.sort}>
              {s.label}
            </Opt>
          ))}
        </div>
      </Panel>
    </>,
  );
  return <nav className="xf-fbar" aria-label="筛选" {...panels} />;
}
