/**
 * The interactive map of the map screens (issue 14 part D), loaded by dynamic import() on those screens only: Leaflet
 * with no tile layer at all (nothing from another host); the basemap is the city's GeoJSON (public/geo/<domain>.json:
 * district outlines, main roads, metro lines and stations). Bubbles per district when zoomed out, per shop area, then
 * per community (clustered with leaflet.markercluster when they crowd); a tap selects a bubble, and the screen is told
 * which bubbles are in view after every move.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapBubble, MapBubbles, MapLevel } from '../../contracts/gateway/map.ts';
import type { CityGeo, GeoFeature } from '../../lib/geo.ts';
import { placeLabels } from '../../lib/label-placement.ts';

/** leaflet.markercluster is a UMD plugin that extends the global L: it loads after L is set. */
async function loadCluster(): Promise<void> {
  (globalThis as unknown as { L: typeof L }).L = L;
  await Promise.all([import('leaflet.markercluster'), import('leaflet.markercluster/dist/MarkerCluster.css')]);
}

export interface MapHandlers {
  /** the bubbles of a level under the current filters (cached by the caller or here) */
  fetchLevel(level: MapLevel): Promise<MapBubbles>;
  onSelect(level: MapLevel, bubble: MapBubble): void;
  onView(level: MapLevel, inView: MapBubble[]): void;
  priceUnit: string;
  countUnit: string;
}

export interface MapController {
  /** new filters: the bubbles of the districts, and the others again when needed */
  setFilters(regionBubbles: MapBubbles): void;
  zoomTo(level: MapLevel, bubble: MapBubble): void;
  destroy(): void;
}

/** The zoom where each level starts. */
const LEVEL_ZOOM: Record<MapLevel, number> = { region: 0, shopMap: 12, xiaoqu: 14 };
const levelAt = (zoom: number): MapLevel => (zoom >= LEVEL_ZOOM.xiaoqu ? 'xiaoqu' : zoom >= LEVEL_ZOOM.shopMap ? 'shopMap' : 'region');

function priceLabel(avg: number | null, unit: string): string {
  if (!avg) return '';
  return unit === '元/月' ? `${avg}元/月` : `${(avg / 10_000).toFixed(1)}万/㎡`;
}

/** A bubble's marker: its element is built with textContent (names are data, never HTML). */
function bubbleIcon(level: MapLevel, b: MapBubble, h: MapHandlers): L.DivIcon {
  const el = document.createElement('div');
  el.className = `mb mb--${level}${b.count ? '' : ' mb--empty'}`;
  const name = document.createElement('b');
  name.textContent = b.name;
  const count = document.createElement('span');
  const price = priceLabel(b.avgPrice, h.priceUnit);
  count.textContent = `${b.count}${h.countUnit}${level === 'region' && price ? ` · ${price}` : ''}`;
  el.append(name, count);
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', `${b.name} ${b.count}${h.countUnit}`);
  el.dataset.id = String(b.id);
  el.dataset.level = level;
  return L.divIcon({ html: el, className: 'mb-wrap', iconSize: undefined, iconAnchor: [0, 0] });
}

/**
 * Bubbles never cover one another (issue 34): after every zoom the bubbles of a district or shop-area layer are placed
 * in order of their counts (the most homes first), each on its point or moved a little up, down or sideways, and
 * one with no free spot is hidden until a zoom makes room (the list under the map still names it).
 */
function declutter(map: L.Map, markers: Array<{ marker: L.Marker; bubble: MapBubble }>): void {
  const items = markers
    .map(({ marker, bubble }) => ({ bubble, el: marker.getElement()?.querySelector<HTMLElement>('.mb') ?? null, at: marker.getLatLng() }))
    .filter((i): i is typeof i & { el: HTMLElement } => i.el !== null)
    .sort((a, b) => b.bubble.count - a.bubble.count || a.bubble.id - b.bubble.id);
  const requests = items.map(({ el, at }) => {
    el.hidden = false;
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    const p = map.latLngToLayerPoint(at);
    const sx = w * 0.6;
    const sy = h * 0.6;
    const offsets: Array<[number, number]> = [
      [0, 0],
      [0, -sy],
      [0, sy],
      [sx, 0],
      [-sx, 0],
      [sx, -sy],
      [-sx, -sy],
      [sx, sy],
      [-sx, sy],
    ];
    return { offsets, candidates: offsets.map(([dx, dy]) => ({ x: p.x - w / 2 + dx, y: p.y - h / 2 + dy, w, h })) };
  });
  const chosen = placeLabels(requests, { gap: 2 });
  items.forEach(({ el }, i) => {
    const at = chosen[i];
    const [dx, dy] = at == null ? [0, 0] : (requests[i]?.offsets[at] ?? [0, 0]);
    el.hidden = at == null;
    el.style.marginLeft = dx ? `${Math.round(dx)}px` : '';
    el.style.marginTop = dy ? `${Math.round(dy)}px` : '';
  });
}

const STYLE: Record<GeoFeature['properties']['kind'], L.PathOptions> = {
  district: { color: '#6b8fb8', weight: 1.2, fillColor: '#eef3f8', fillOpacity: 1 },
  road: { color: '#f2c879', weight: 2, opacity: 0.75 },
  metro: { color: '#888', weight: 3, opacity: 0.8 },
  station: {},
};

export async function mountMap(el: HTMLElement, geoUrl: string, initial: MapBubbles, h: MapHandlers): Promise<MapController> {
  const [geo] = await Promise.all([fetch(geoUrl).then((r) => r.json() as Promise<CityGeo>), loadCluster()]);
  const map = L.map(el, { zoomControl: false, attributionControl: true, minZoom: 8, maxZoom: 17, zoomSnap: 0.5, preferCanvas: false });
  // the credits of the outlines and the libraries are on /kaiyuan (issue 34), one link away
  map.attributionControl.setPrefix(false).addAttribution('<a href="/kaiyuan">数据来源</a>');
  L.control.zoom({ position: 'bottomright' }).addTo(map);
  const renderer = L.svg({ padding: 0.2 });
  L.geoJSON(geo as unknown as GeoJSON.FeatureCollection, {
    style: (f) => {
      const p = f?.properties as GeoFeature['properties'];
      if (p.kind === 'metro') return { ...STYLE.metro, color: p.color, renderer };
      if (p.kind === 'district')
        return { ...STYLE.district, fillColor: p.seed ? '#eef3f8' : '#f6f6f4', color: p.seed ? '#6b8fb8' : '#c9cfd6', renderer };
      return { ...STYLE[p.kind], renderer };
    },
    pointToLayer: (f, at) => {
      const p = f.properties as GeoFeature['properties'];
      return L.circleMarker(at, {
        renderer,
        radius: 3,
        color: p.kind === 'station' ? p.color : '#888',
        weight: 2,
        fillColor: '#fff',
        fillOpacity: 1,
      });
    },
    interactive: false,
  }).addTo(map);
  // the first view: the districts' bubbles (the label points of the districts with listings), not the whole counties
  // (leaving out outlying counties: those farther from the centre than twice the median distance)
  const withCount = initial.items.filter((b) => b.count > 0);
  const cLat = withCount.reduce((s, b) => s + b.lat, 0) / (withCount.length || 1);
  const cLng = withCount.reduce((s, b) => s + b.lng, 0) / (withCount.length || 1);
  const dist = (b: MapBubble) => Math.hypot(b.lat - cLat, b.lng - cLng);
  const median = [...withCount.map(dist)].sort((a, b) => a - b)[Math.floor(withCount.length / 2)] ?? 0;
  const points = withCount.filter((b) => dist(b) <= median * 2).map((b) => L.latLng(b.lat, b.lng));
  const [minLng, minLat, maxLng, maxLat] = geo.bbox;
  const cityBounds = L.latLngBounds([minLat, minLng], [maxLat, maxLng]);
  map.fitBounds(points.length > 1 ? L.latLngBounds(points) : cityBounds, { padding: [36, 36] });
  map.setMaxBounds(cityBounds.pad(0.3));

  const cache = new Map<MapLevel, MapBubbles>([['region', initial]]);
  let shown: MapLevel | null = null;
  let layer: L.LayerGroup | null = null;
  let markers: Array<{ marker: L.Marker; bubble: MapBubble }> = [];
  let generation = 0;

  const inView = (level: MapLevel) => {
    const data = cache.get(level);
    if (!data) return [];
    const b = map.getBounds();
    return data.items.filter((i) => b.contains([i.lat, i.lng]));
  };

  async function show(force = false) {
    const level = levelAt(map.getZoom());
    if (level !== shown || force) {
      const gen = ++generation;
      const data = cache.get(level) ?? (await h.fetchLevel(level));
      if (gen !== generation) return;
      cache.set(level, data);
      layer?.remove();
      layer =
        level === 'xiaoqu'
          ? L.markerClusterGroup({
              maxClusterRadius: 56,
              showCoverageOnHover: false,
              spiderfyOnMaxZoom: false,
              disableClusteringAtZoom: 16,
              chunkedLoading: true,
              iconCreateFunction: (c) => {
                const node = document.createElement('div');
                node.className = 'mb mb--cluster';
                const n = document.createElement('b');
                n.textContent = `${c.getChildCount()}个小区`;
                node.append(n);
                return L.divIcon({ html: node, className: 'mb-wrap', iconAnchor: [0, 0] });
              },
            })
          : L.layerGroup();
      markers = [];
      for (const b of data.items) {
        if (level !== 'region' && !b.count) continue;
        const m = L.marker([b.lat, b.lng], { icon: bubbleIcon(level, b, h), keyboard: true, riseOnHover: true });
        m.on('click', () => h.onSelect(level, b));
        layer.addLayer(m);
        // communities are grouped by the cluster layer instead
        if (level !== 'xiaoqu') markers.push({ marker: m, bubble: b });
      }
      layer.addTo(map);
      shown = level;
      declutter(map, markers);
    }
    h.onView(level, inView(level));
  }

  map.on('moveend', () => void show());
  map.on('zoomend', () => declutter(map, markers));
  await show(true);

  return {
    setFilters(regionBubbles) {
      cache.clear();
      cache.set('region', regionBubbles);
      void show(true);
    },
    zoomTo(level, b) {
      const next = level === 'region' ? LEVEL_ZOOM.shopMap + 0.5 : level === 'shopMap' ? LEVEL_ZOOM.xiaoqu + 0.5 : map.getZoom();
      map.flyTo([b.lat, b.lng], next, { duration: 0.5 });
    },
    destroy() {
      generation++;
      map.remove();
    },
  };
}
