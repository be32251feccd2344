import type { CityPageData } from '../../src/contracts/page-data/search.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { CityPicker } from '../../src/ui/search/CityPicker.tsx';

/** /city (SPEC 2.7, 3; issue 14): choose the city; the chosen city's host opens on the page the visitor came from. */
export default function CityPage({ data }: PageProps<CityPageData>) {
  return (
    <div className="citypage">
      <h1 className="citypage__title">选择城市</h1>
      <CityPicker data={data} />
    </div>
  );
}
