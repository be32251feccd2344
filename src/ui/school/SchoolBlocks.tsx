import type { LoupanItem, SchoolDetail, SchoolItem, SchoolProfile, XiaoquItem } from '../../contracts/gateway/index.ts';
import type { Listing } from '../../contracts/page-data/cards.ts';
import type { LocationMapData } from '../../contracts/page-data/map.ts';
import { admitsByCatchment, schoolPath } from '../../lib/school-filters.ts';
import { AppLink } from '../AppLink.tsx';
import { DetailBlock } from '../detail/parts.tsx';
import { ListingCard } from '../ListingCard.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { groupDigits } from '../paths.ts';
import { EstateItem } from '../xinfang/EstateItem.tsx';
import { SchoolRankList } from './SchoolCard.tsx';

const paragraphs = (text: string) => text.split('\n').filter(Boolean);

/** The introduction: every paragraph, or the first with a link to the rest. */
export function IntroBlock({ school: s, full }: { school: SchoolProfile; full?: boolean }) {
  const all = paragraphs(s.description);
  const shown = full ? all : all.slice(0, 1);
  return (
    <DetailBlock title="学校简介" more={full ? undefined : { href: schoolPath.infor(s.schoolId), label: '查看全部' }}>
      <div className="sch-text" data-testid="school-intro">
        {shown.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </DetailBlock>
  );
}

/** The enrolment rules, one a line: `招生对象：…` shows its label apart. */
export function EnrollBlock({ school: s }: { school: SchoolProfile }) {
  return (
    <DetailBlock title="招生政策">
      <ul className="sch-rules" data-testid="school-rules">
        {paragraphs(s.enrollRule).map((line) => {
          const at = line.indexOf('：');
          return (
            <li key={line}>
              {at > 0 ? (
                <>
                  <b>{line.slice(0, at)}</b>
                  <span>{line.slice(at + 1)}</span>
                </>
              ) : (
                <span>{line}</span>
              )}
            </li>
          );
        })}
      </ul>
    </DetailBlock>
  );
}

/** The school's communities: its catchment (公办 below senior high) or simply the communities around it. */
export function CatchmentBlock({ school: s, communities }: { school: SchoolProfile; communities: XiaoquItem[] }) {
  const catchment = admitsByCatchment(s);
  return (
    <DetailBlock title={catchment ? `对口小区（${communities.length}）` : `周边小区（${communities.length}）`}>
      {catchment ? null : <p className="sch-note">本校不按划片招生，以下为学校周边小区。</p>}
      <ul className="sch-xq" data-testid="school-communities">
        {communities.map((x) => (
          <li key={x.stressId}>
            <AppLink href={`/xiaoqu/${x.stressId}.html`} className="sch-xq__row">
              <span className="sch-xq__name">{x.name}</span>
              <span className="sch-xq__price">{x.avgPrice ? `${groupDigits(x.avgPrice)}元/㎡` : '暂无均价'}</span>
              <span className="sch-xq__meta">
                {[x.buildYear ? `${x.buildYear}年建成` : '', `在售${x.ershoucount}套`, `在租${x.zufangcount}套`]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </DetailBlock>
  );
}

/** Listings of the catchment: a few cards and the link to all of them. */
export function ListingsBlock({
  title,
  kind,
  items,
  total,
  more,
}: {
  title: string;
  kind: 'ershoufang' | 'zufang';
  items: Listing[];
  total: number;
  more: string;
}) {
  return (
    <DetailBlock title={title} more={total > items.length ? { href: more, label: `查看全部${total}套` } : undefined}>
      {items.length ? (
        <ul className="sch-list" data-testid={`school-${kind}`}>
          {items.map((l) => (
            <li key={l.houseId}>
              <ListingCard listing={l} kind={kind} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="sch-note">学区内暂无{kind === 'ershoufang' ? '在售二手房' : '出租房源'}。</p>
      )}
    </DetailBlock>
  );
}

/** New-home estates around the school; with `schools`, under each estate the schools it is matched to. */
export function EstatesBlock({
  estates,
  more,
  schools,
}: {
  estates: LoupanItem[];
  more?: string;
  schools?: Record<number, SchoolItem[]> | null;
}) {
  return (
    <DetailBlock title="周边新楼盘" more={more ? { href: more, label: '查看全部' } : undefined}>
      {estates.length ? (
        <ul className="sch-list" data-testid="school-estates">
          {estates.map((e) => {
            const matched = schools?.[e.houseId] ?? [];
            return (
              <li key={e.houseId}>
                <EstateItem estate={e} />
                {matched.length ? (
                  <p className="sch-matched" data-testid="estate-schools">
                    <span>对口学校</span>
                    {matched.map((m) => (
                      <AppLink key={m.schoolId} href={schoolPath.detail(m.schoolId)}>
                        {m.name}
                      </AppLink>
                    ))}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="sch-note">学校周边暂无在售新楼盘。</p>
      )}
    </DetailBlock>
  );
}

/** The district ranking of the school's level, this school marked. */
export function RankingBlock({ school: s, ranking, more }: { school: SchoolProfile; ranking: SchoolItem[]; more?: string }) {
  return (
    <DetailBlock title={`${s.regionName ?? ''}${s.level}排名`} more={more ? { href: more, label: '完整排名' } : undefined}>
      <SchoolRankList schools={ranking} current={s.schoolId} />
    </DetailBlock>
  );
}

/** Where the school is, with the schools and metro stations around it (issue 14 maps). */
export function LocationBlock({ location }: { location: LocationMapData }) {
  return (
    <DetailBlock title="位置与周边">
      <LocationMap data={location} />
    </DetailBlock>
  );
}

/** Nearby schools of the district. */
export function AroundSchoolsBlock({ schools, more }: { schools: SchoolItem[]; more?: string }) {
  return (
    <DetailBlock title="周边学校" more={more ? { href: more, label: '查看全部' } : undefined}>
      {schools.length ? <SchoolRankList schools={schools} showRank={false} /> : <p className="sch-note">附近暂无其他学校。</p>}
    </DetailBlock>
  );
}

/** What lies around a school, counted, each with a link to its page. */
export function PeripheryBlock({
  school: s,
  secHandTotal,
  rentTotal,
}: {
  school: SchoolDetail;
  secHandTotal: number | null;
  rentTotal: number | null;
}) {
  const id = s.schoolId;
  const rows: Array<{ label: string; value: string; href: string }> = [
    { label: admitsByCatchment(s) ? '对口小区' : '周边小区', value: `${s.xiaoquList.length}个`, href: schoolPath.infor(id) },
    ...(secHandTotal !== null ? [{ label: '学区二手房', value: `${secHandTotal}套`, href: schoolPath.secHand(id) }] : []),
    ...(rentTotal !== null ? [{ label: '学区租房', value: `${rentTotal}套`, href: schoolPath.rent(id) }] : []),
    { label: '周边新楼盘', value: `${s.louPanList.length}个`, href: schoolPath.louPan(id) },
    { label: '邻近学校', value: `${s.aroundSchool.length}所`, href: schoolPath.school(id) },
  ];
  return (
    <DetailBlock title="周边配套">
      <ul className="sch-grid" data-testid="school-periphery">
        {rows.map((r) => (
          <li key={r.label}>
            <AppLink href={r.href} className="sch-grid__cell">
              <b>{r.value}</b>
              <span>{r.label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </DetailBlock>
  );
}
