import type { SchoolDetailData } from '../../src/contracts/page-data/school.ts';
import { schoolPath } from '../../src/lib/school-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import {
  AroundSchoolsBlock,
  CatchmentBlock,
  EnrollBlock,
  EstatesBlock,
  IntroBlock,
  ListingsBlock,
  LocationBlock,
  RankingBlock,
} from '../../src/ui/school/SchoolBlocks.tsx';
import { SchoolHead, SchoolNav } from '../../src/ui/school/SchoolHead.tsx';

/** /school/{id}.html: the school, its enrolment and catchment, listings of the catchment, its district ranking, what is around. */
export default function SchoolDetailPage({ data }: PageProps<SchoolDetailData>) {
  const s = data.school;
  const id = s.schoolId;
  return (
    <article className="sch" key={id}>
      <SchoolHead school={s} districtHref={data.districtHref} />
      <SchoolNav id={id} current="detail" />
      <IntroBlock school={s} />
      <EnrollBlock school={s} />
      <CatchmentBlock school={s} communities={s.xiaoquList} />
      {data.secHand ? (
        <ListingsBlock
          title="学区二手房"
          kind="ershoufang"
          items={data.secHand.items}
          total={data.secHand.total}
          more={schoolPath.secHand(id)}
        />
      ) : null}
      {data.rent ? (
        <ListingsBlock title="学区租房" kind="zufang" items={data.rent.items} total={data.rent.total} more={schoolPath.rent(id)} />
      ) : null}
      {data.ranking ? <RankingBlock school={s} ranking={data.ranking} more={schoolPath.top(id)} /> : null}
      <EstatesBlock estates={s.louPanList.slice(0, 3)} more={s.louPanList.length > 3 ? schoolPath.louPan(id) : undefined} />
      {data.location ? <LocationBlock location={data.location} /> : null}
      <AroundSchoolsBlock schools={s.aroundSchool.slice(0, 5)} more={s.aroundSchool.length > 5 ? schoolPath.school(id) : undefined} />
    </article>
  );
}
