import type { SchoolPartData } from '../../src/contracts/page-data/school.ts';
import { schoolPath } from '../../src/lib/school-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { DetailBlock } from '../../src/ui/detail/parts.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import {
  AroundSchoolsBlock,
  CatchmentBlock,
  EnrollBlock,
  EstatesBlock,
  IntroBlock,
  PeripheryBlock,
  RankingBlock,
} from '../../src/ui/school/SchoolBlocks.tsx';
import { SchoolRankList } from '../../src/ui/school/SchoolCard.tsx';
import { SchoolHead, SchoolNav, SchoolSubHead, type SchoolTab } from '../../src/ui/school/SchoolHead.tsx';

/** The tab and heading of each sub-page. */
function tabOf(d: SchoolPartData): { tab?: SchoolTab; title: string } {
  switch (d.part) {
    case 'header':
      return { title: '学校概况' };
    case 'infor':
      return { tab: 'infor', title: '学校简介与招生划片' };
    case 'periphery':
      return { tab: 'periphery', title: '周边配套' };
    case 'top':
      return { tab: 'top', title: `${d.school.regionName ?? ''}${d.school.level}排名` };
    case 'louPan':
      return { tab: 'louPan', title: '周边新楼盘' };
    case 'schools':
      return { tab: 'schools', title: '周边学校' };
    case 'listings':
      return d.kind === 'ershoufang' ? { tab: 'secHand', title: '学区二手房' } : { tab: 'rent', title: '学区租房' };
  }
}

function Body({ data: d }: { data: SchoolPartData }) {
  switch (d.part) {
    case 'header':
      return d.hot?.length ? (
        <DetailBlock title="大家都在搜">
          <SchoolRankList schools={d.hot} showRank={false} />
        </DetailBlock>
      ) : null;
    case 'infor':
      return (
        <>
          <IntroBlock school={d.school} full />
          <EnrollBlock school={d.school} />
          <CatchmentBlock school={d.school} communities={d.school.xiaoquList} />
        </>
      );
    case 'periphery':
      return (
        <>
          <PeripheryBlock school={d.school} secHandTotal={d.secHandTotal} rentTotal={d.rentTotal} />
          <CatchmentBlock school={d.school} communities={d.school.xiaoquList} />
          <EstatesBlock estates={d.school.louPanList} />
          <AroundSchoolsBlock schools={d.school.aroundSchool.slice(0, 5)} more={schoolPath.school(d.school.schoolId)} />
        </>
      );
    case 'top':
      return <RankingBlock school={d.school} ranking={d.ranking} />;
    case 'louPan':
      return <EstatesBlock estates={d.estates} schools={d.estateSchools} />;
    case 'schools':
      return (
        <>
          <AroundSchoolsBlock schools={d.around} />
          {d.linked?.length ? (
            <DetailBlock title="对口小区还可上的学校">
              <ul className="sch-linked" data-testid="school-linked">
                {d.linked.map((l) => (
                  <li key={l.community.stressId}>
                    <AppLink href={`/xiaoqu/${l.community.stressId}.html`} className="sch-linked__xq">
                      {l.community.name}
                    </AppLink>
                    <SchoolRankList schools={l.schools} showRank={false} />
                  </li>
                ))}
              </ul>
            </DetailBlock>
          ) : null}
        </>
      );
    case 'listings': {
      const id = d.school.schoolId;
      const at = (n: number) => (d.kind === 'ershoufang' ? schoolPath.secHand(id, n) : schoolPath.rent(id, n));
      return (
        <section className="dt-block sch-listings">
          <p className="lst__count">
            对口{d.communities.length}个小区，共<b data-testid="total">{d.total}</b>套{d.kind === 'ershoufang' ? '在售二手房' : '出租房源'}
          </p>
          {d.items.length ? (
            <ul className="sch-list" data-testid={`school-${d.kind}`}>
              {d.items.map((l) => (
                <li key={l.houseId}>
                  <ListingCard listing={l} kind={d.kind} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="sch-note">学区内暂无{d.kind === 'ershoufang' ? '在售二手房' : '出租房源'}。</p>
          )}
          <Pagination page={d.page} totalPages={d.totalPages} hrefOf={at} />
        </section>
      );
    }
  }
}

/** /school/header, schoolInfor, periphery, schoolTop, aroundSecHand, aroundRent, aroundLouPan, aroundSchool (?id=). */
export default function SchoolPartPage({ data }: PageProps<SchoolPartData>) {
  const { tab, title } = tabOf(data);
  const id = data.school.schoolId;
  return (
    <article className="sch" key={`${data.part}-${id}`}>
      {data.part === 'header' ? (
        <SchoolHead school={data.school} districtHref={data.districtHref} />
      ) : (
        <SchoolSubHead school={data.school} title={title} />
      )}
      <SchoolNav id={id} current={tab} />
      <Body data={data} />
    </article>
  );
}
