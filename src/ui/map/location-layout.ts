import type { NearbyPlace } from '../../contracts/gateway/map.ts';
import type { LocationMapData } from '../../contracts/page-data/map.ts';
import { type Box, boxesMeet, placeLabels, textBox, textWidth } from '../../lib/label-placement.ts';

/** The static location map's view box. */
export const MAP_W = 340;
export const MAP_H = 200;
const LABEL_FONT = 11;
const TITLE_FONT = 12;

export interface PlacedLabel {
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  /** the box the label takes (its text and the white halo) */
  box: Box;
}

export interface LaidOutPlace extends NearbyPlace {
  kind: 'school' | 'station';
  /** the dot */
  cx: number;
  cy: number;
  /** null: no room for the label without covering another (the dot and the legend line stay) */
  label: PlacedLabel | null;
}

export interface LocationLayout {
  /** lng/lat → view box */
  x(lng: number): number;
  y(lat: number): number;
  /** the schools and stations near the point, never the point itself */
  schools: NearbyPlace[];
  stations: NearbyPlace[];
  places: LaidOutPlace[];
  /** the point's name */
  centre: PlacedLabel;
  /** the boxes of the point's pin, its name and the district's name: no label covers them */
  fixed: Box[];
}

/** Where a label may go around its dot, in order of preference: right, left, the four corners, above, below (centred, then ending or starting at the dot). */
const SPOTS: Array<{ dx: number; dy: number; anchor: PlacedLabel['anchor'] }> = [
  { dx: 8, dy: 4, anchor: 'start' },
  { dx: -8, dy: 4, anchor: 'end' },
  { dx: 8, dy: -6, anchor: 'start' },
  { dx: 8, dy: 14, anchor: 'start' },
  { dx: -8, dy: -6, anchor: 'end' },
  { dx: -8, dy: 14, anchor: 'end' },
  { dx: 0, dy: -11, anchor: 'middle' },
  { dx: 0, dy: 20, anchor: 'middle' },
  { dx: 4, dy: -11, anchor: 'end' },
  { dx: 4, dy: 20, anchor: 'end' },
  { dx: -4, dy: -11, anchor: 'start' },
  { dx: -4, dy: 20, anchor: 'start' },
];

function labelAt(text: string, x: number, y: number, anchor: PlacedLabel['anchor'], fontSize: number): PlacedLabel {
  // the white halo (stroke 3) reaches 1.5 beyond the glyphs
  const w = textWidth(text, fontSize) + 3;
  const left = anchor === 'start' ? x - 1.5 : anchor === 'end' ? x - w + 1.5 : x - w / 2;
  return { text, x, y, anchor, box: textBox(left, y, w, fontSize) };
}

/**
 * The layout of a static location map (issue 34): the view sized to the places, and each place's label put where it
 * covers no other label, no dot, neither the pin nor the names, and stays inside the map; nearer places are labelled
 * first, and a label with no room is left out. A place named as the point (a school's own map) is not its neighbour.
 */
export function locationLayout(data: LocationMapData): LocationLayout {
  const W = MAP_W;
  const H = MAP_H;
  const notSelf = (p: NearbyPlace) => p.name !== data.name;
  const schools = data.schools.filter(notSelf);
  const stations = data.stations.filter(notSelf);
  const all = [...schools.map((p) => ({ ...p, kind: 'school' as const })), ...stations.map((p) => ({ ...p, kind: 'station' as const }))];
  const k = Math.cos((data.lat * Math.PI) / 180);
  // half-height of the view in degrees of latitude: the farthest place plus a margin, at least about 1.2 km
  const reach = Math.max(0.011, ...all.map((p) => Math.max(Math.abs(p.lat - data.lat), (Math.abs(p.lng - data.lng) * k * H) / W))) * 1.35;
  const scale = H / 2 / reach;
  const x = (lng: number) => W / 2 + (lng - data.lng) * k * scale;
  const y = (lat: number) => H / 2 - (lat - data.lat) * scale;

  // a dot: radius 5 and half its white ring (a station's square is 10 wide)
  const dots = all.map((p) => ({ x: x(p.lng) - 6, y: y(p.lat) - 6, w: 12, h: 12 }));
  const pin: Box = { x: W / 2 - 11, y: H / 2 - 28, w: 22, h: 29 };
  const district = data.district ? [labelAt(data.district.name, 8, 18, 'start', TITLE_FONT).box] : [];
  // the point's name: under the pin, else above it, right or left of it, where it hides no dot (under it when all do)
  const names = [
    labelAt(data.name, W / 2, H / 2 + 16, 'middle', TITLE_FONT),
    labelAt(data.name, W / 2, H / 2 - 32, 'middle', TITLE_FONT),
    labelAt(data.name, W / 2 + 13, H / 2 - 10, 'start', TITLE_FONT),
    labelAt(data.name, W / 2 - 13, H / 2 - 10, 'end', TITLE_FONT),
  ];
  const [spot] = placeLabels([{ candidates: names.map((n) => n.box) }], {
    obstacles: [pin, ...district, ...dots],
    bounds: { x: 1, y: 1, w: W - 2, h: H - 2 },
  });
  const centre = names[spot ?? 0] as PlacedLabel;
  const fixed: Box[] = [pin, centre.box, ...district];

  const order = all.map((_, i) => i).sort((a, b) => (all[a]?.distance ?? 0) - (all[b]?.distance ?? 0) || a - b);
  const options = order.map((i) => {
    const p = all[i] as (typeof all)[number];
    const text = p.kind === 'station' ? `${p.name}站` : p.name;
    return SPOTS.map((s) => labelAt(text, x(p.lng) + s.dx, y(p.lat) + s.dy, s.anchor, LABEL_FONT));
  });
  // a label covers no other dot, except one its own dot touches (two schools at one address) when it cannot help it
  const chosen = placeLabels(
    order.map((i, n) => {
      const others = dots.filter((_, j) => j !== i);
      const touching = (d: Box) => boxesMeet(d, dots[i] as Box);
      return {
        candidates: (options[n] ?? []).map((l) => l.box),
        obstacles: others.filter((d) => !touching(d)),
        soft: others.filter(touching),
      };
    }),
    { obstacles: fixed, bounds: { x: 1, y: 1, w: W - 2, h: H - 2 }, gap: 1 },
  );
  const labels = new Map(order.map((i, n) => [i, chosen[n] == null ? null : (options[n]?.[chosen[n] as number] ?? null)]));
  const places = all.map((p, i) => ({ ...p, cx: x(p.lng), cy: y(p.lat), label: labels.get(i) ?? null }));
  return { x, y, schools, stations, places, centre, fixed };
}
