import type { MapData } from '../../src/contracts/page-data/map.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { MapScreen } from '../../src/ui/map/MapScreen.tsx';

/** /map, /ditu, /xhjmap, /seoCsLpMap: map search over new homes, second-hand homes and rentals (registry params.mapKind). */
export default function MapPage({ data }: PageProps<MapData>) {
  return <MapScreen data={data} />;
}
