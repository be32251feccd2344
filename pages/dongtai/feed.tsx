import type { DongtaiFeedData } from '../../src/contracts/page-data/dongtai.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { Timeline } from '../../src/ui/detail/index.ts';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { dongtaiEntry } from '../../src/ui/xinfang/dongtai-entry.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /dongtai/{houseId}: the estate's news feed (SPEC 7.3 findDT), newest first. */
export default function DongtaiFeedPage({ data }: PageProps<DongtaiFeedData>) {
  const e = data.estate;
  const base = `/dongtai/${e.houseId}`;
  return (
    <div className="xf-page">
      <XfHero title={`${e.name}楼盘动态`} sub={`共${data.total}条动态`} back={{ href: `/xinfang/${e.houseId}.html`, label: e.name }} />
      <section className="card xf-sec" data-testid="xf-dongtai">
        <Timeline items={data.list.map((d) => dongtaiEntry(d, d.createdAt.slice(0, 10)))} />
      </section>
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => (n === 1 ? base : `${base}?page=${n}`)} />
    </div>
  );
}
