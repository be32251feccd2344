/**
 * Plain planar geometry on [lng, lat] pairs for the maps (SPEC 2.7, issue 14 part D): point in polygon, bounding
 * boxes, Douglas–Peucker simplification and the GeoJSON shapes of the city outline files in public/geo/. No I/O.
 */

export type LngLat = [number, number];
export type Ring = LngLat[];
/** A polygon: its outer ring, then holes. */
export type PolygonCoords = Ring[];

export interface DistrictProps {
  kind: 'district';
  name: string;
  /** the district's label point [lng, lat] */
  cp: LngLat;
  /** true when the seed has this district as a region */
  seed: boolean;
  /** true for a zone the source has no outline of (drawn as an octagon inside its host district) */
  approx?: boolean;
}
export interface LineProps {
  kind: 'metro' | 'road';
  name: string;
  color: string;
}
export interface StationProps {
  kind: 'station';
  name: string;
  line: string;
  color: string;
}

export type GeoFeature =
  | { type: 'Feature'; properties: DistrictProps; geometry: { type: 'MultiPolygon'; coordinates: PolygonCoords[] } }
  | { type: 'Feature'; properties: LineProps; geometry: { type: 'LineString'; coordinates: LngLat[] } }
  | { type: 'Feature'; properties: StationProps; geometry: { type: 'Point'; coordinates: LngLat } };

export interface CityGeo {
  type: 'FeatureCollection';
  /** the source and its licence */
  attribution: string;
  city: string;
  /** [minLng, minLat, maxLng, maxLat] of the seeded districts */
  bbox: [number, number, number, number];
  features: GeoFeature[];
}

export type Bbox = [number, number, number, number];

/** Ray casting on one ring. */
export function inRing([x, y]: LngLat, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inPolygons(p: LngLat, polygons: PolygonCoords[]): boolean {
  return polygons.some(([outer, ...holes]) => inRing(p, outer) && !holes.some((h) => inRing(p, h)));
}

export function bboxOf(points: Iterable<LngLat>): Bbox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

export function* polygonPoints(polygons: PolygonCoords[]): Generator<LngLat> {
  for (const poly of polygons) for (const p of poly[0]) yield p;
}

function segDist([px, py]: LngLat, [ax, ay]: LngLat, [bx, by]: LngLat): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Douglas–Peucker with tolerance in degrees; keeps the first and last point. */
export function simplify(line: LngLat[], tolerance: number): LngLat[] {
  if (line.length < 3) return line;
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, line.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop() as [number, number];
    let worst = -1;
    let far = 0;
    for (let i = a + 1; i < b; i++) {
      const d = segDist(line[i], line[a], line[b]);
      if (d > far) {
        far = d;
        worst = i;
      }
    }
    if (worst > 0 && far > tolerance) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return line.filter((_, i) => keep[i]);
}

/** Whether two boxes overlap. */
export function bboxIntersects(a: Bbox, b: Bbox): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}
