import { useEffect, useRef, useState } from 'react';
import type { MapBubble, MapBubbles, MapLevel } from '../../contracts/gateway/map.ts';
import type { MapChip, MapData, MapSheet } from '../../contracts/page-data/map.ts';
import { AppLink } from '../AppLink.tsx';
import { EstateCard, ListingCard } from '../ListingCard.tsx';
import { groupDigits } from '../paths.ts';

type Controller = import('../../client/map/leaflet-map.ts').MapController;

const LEVEL_NAMES: Record<MapLevel, string> = { region: '区域', shopMap: '商圈', xiaoqu: '小区' };

/** The screen's own data request: the same page through /-/data with a level and a sheet. */
async function fetchData(data: MapData, extra: Record<string, string>): Promise<MapData> {
  const q = new URLSearchParams(data.filterQuery);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const r = await fetch(`/-/data${data.path}?${q}`, { headers: { accept: 'application/json' } });
  const body = (await r.json()) as { status: number; route?: { data: MapData } };
  if (!r.ok || !body.route) throw new Error(`map data ${r.status}`);
  return body.route.data;
}

function Chips({ chips, label }: { chips: MapChip[]; label: string }) {
  return (
    <nav className="mapf__row" aria-label={label}>
      {chips.map((c) => (
        <AppLink
          key={c.label}
          href={c.href}
          className={c.on ? 'mapf__chip mapf__chip--on' : 'mapf__chip'}
          aria-current={c.on ? 'true' : undefined}
        >
          {c.label}
        </AppLink>
      ))}
    </nav>
  );
}

function priceText(avg: number | null, unit: string) {
  return avg ? `${groupDigits(avg)}${unit}` : '暂无均价';
}

/** The bottom sheet of a bubble: its figures, the link to its page or list, its first listings. */
export function MapSheetView({ sheet, data, onClose }: { sheet: MapSheet; data: MapData; onClose?: () => void }) {
  return (
    <section className="msheet" aria-label={`${sheet.title}房源`} data-testid="map-sheet">
      <header className="msheet__head">
        <div>
          <h2 className="msheet__title">{sheet.title}</h2>
          <p className="msheet__facts">
            {LEVEL_NAMES[sheet.level]} · {sheet.count}
            {data.kind === 'xinfang' ? '个楼盘' : '套'} · 均价 {priceText(sheet.avgPrice, data.priceUnit)}
          </p>
        </div>
        {onClose ? (
          <button type="button" className="msheet__close" onClick={onClose} aria-label="关闭">
            ×
          </button>
        ) : null}
      </header>
      <AppLink className="msheet__more" href={sheet.href}>
        {sheet.hrefLabel}
      </AppLink>
      <div className="msheet__list">
        {sheet.listings.map((l) => (
          <ListingCard key={l.houseId} listing={l} kind={data.kind === 'zufang' ? 'zufang' : 'ershoufang'} />
        ))}
        {sheet.estates.map((e) => (
          <EstateCard key={e.houseId} estate={e} />
        ))}
        {sheet.listings.length + sheet.estates.length === 0 && sheet.level !== 'xiaoqu' ? (
          <p className="msheet__empty">暂无符合条件的房源</p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Map search (issue 14 part D). Without JavaScript it is a page of links: the filters, and the bubbles of the
 * districts with their counts and average prices. In the browser the Leaflet map (a dynamic import, on this screen
 * only) is mounted over the canvas; the list under it follows the visible area and a tapped bubble opens its sheet.
 */
export function MapScreen({ data }: { data: MapData }) {
  const canvas = useRef<HTMLDivElement>(null);
  const controller = useRef<Controller | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const [view, setView] = useState<{ level: MapLevel; items: MapBubble[] } | null>(null);
  const [sheet, setSheet] = useState<MapSheet | null>(data.sheet);
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
  const countUnit = data.kind === 'xinfang' ? '个' : '套';

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per screen; later filters go through setFilters
  useEffect(() => {
    let cancelled = false;
    const levels = new Map<string, Promise<MapBubbles>>();
    setState('loading');
    import('../../client/map/leaflet-map.ts')
      .then(({ mountMap }) =>
        mountMap(canvas.current as HTMLDivElement, data.geoUrl, data.bubbles, {
          priceUnit: data.priceUnit,
          countUnit,
          fetchLevel(level) {
            const d = dataRef.current;
            const key = `${d.filterQuery}|${level}`;
            if (!levels.has(key))
              levels.set(
                key,
                fetchData(d, { level }).then((x) => x.bubbles),
              );
            return levels.get(key) as Promise<MapBubbles>;
          },
          onSelect(level, b) {
            controller.current?.zoomTo(level, b);
            fetchData(dataRef.current, { level, sheet: `${level}:${b.id}` })
              .then((x) => setSheet(x.sheet))
              .catch(() => setSheet(null));
          },
          onView(level, items) {
            setView({ level, items });
          },
        }),
      )
      .then((c) => {
        if (cancelled) c.destroy();
        else {
          controller.current = c;
          setState('ready');
        }
      })
      .catch(() => setState('failed'));
    return () => {
      cancelled = true;
      controller.current?.destroy();
      controller.current = null;
    };
  }, []);

  // new filters (client navigation to another chip): new district bubbles, and the other levels again
  useEffect(() => {
    controller.current?.setFilters(data.bubbles);
    setSheet(data.sheet);
  }, [data.bubbles, data.sheet]);

  const level = view?.level ?? data.level;
  const items = view ? [...view.items].sort((a, b) => b.count - a.count) : data.bubbles.items;
  const inViewTotal = items.reduce((s, b) => s + b.count, 0);
  return (
    <div className="mapx">
      <div className="mapf">
        <Chips chips={data.kinds} label="房源类型" />
        <Chips chips={data.prices} label={data.kind === 'zufang' ? '租金' : '总价'} />
        {data.kind === 'xinfang' ? null : <Chips chips={data.rooms} label="户型" />}
      </div>
      <div className="mapx__canvas" ref={canvas} data-state={state} data-testid="map-canvas">
        {state === 'failed' ? <p className="mapx__note">地图加载失败，可在下方按区域浏览</p> : null}
      </div>
      <section className="mapx__list" aria-label={`${LEVEL_NAMES[level]}房源`}>
        <h1 className="mapx__title">
          {data.kindLabel}地图找房 · 可视范围内{LEVEL_NAMES[level]}
          <span className="mapx__sum" data-testid="map-total">
            {view ? inViewTotal : data.bubbles.total}
            {countUnit}
          </span>
        </h1>
        <ul className="mapx__bubbles">
          {items.map((b) => (
            <li key={`${level}-${b.id}`} className="mapx__bubble" data-testid="map-bubble">
              <AppLink href={level === data.level ? (data.hrefs[b.id] ?? data.path) : bubbleHref(data, level, b)}>
                <b>{b.name}</b>
                <span className="mapx__count">
                  {b.count}
                  {countUnit}
                </span>
                <span className="mapx__price">{priceText(b.avgPrice, data.priceUnit)}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      {sheet ? <MapSheetView sheet={sheet} data={data} onClose={() => setSheet(null)} /> : null}
    </div>
  );
}

/** The page a bubble of another level than the loaded one opens (same rules as the loader's hrefs). */
function bubbleHref(data: MapData, level: MapLevel, b: MapBubble): string {
  if (level === 'xiaoqu') return data.kind === 'xinfang' ? `/xinfang/${b.id}.html` : `/xiaoqu/${b.id}.html`;
  return `/${data.kind}/?${level === 'region' ? 'regionId' : 'shopMapId'}=${b.id}`;
}
