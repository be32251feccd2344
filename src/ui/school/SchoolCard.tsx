import type { SchoolItem } from '../../contracts/gateway/index.ts';
import { schoolPath } from '../../lib/school-filters.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

/** The badges of a school: level, 公办/民办, 重点. */
export function SchoolBadges({ school }: { school: Pick<SchoolItem, 'level' | 'nature' | 'keySchool'> }) {
  return (
    <span className="sch-badges">
      <span className="sch-badge sch-badge--level">{school.level}</span>
      <span className={`sch-badge${school.nature === '民办' ? ' sch-badge--private' : ''}`}>{school.nature}</span>
      {school.keySchool ? <span className="sch-badge sch-badge--key">重点</span> : null}
    </span>
  );
}

/**
 * A school in a list: photo, name, badges, district and its rank there, address, tags and how many communities it
 * takes pupils from.
 */
export function SchoolCard({ school, eager }: { school: SchoolItem & { xiaoquCount?: number }; eager?: boolean }) {
  return (
    <AppLink href={schoolPath.detail(school.schoolId)} className="sch-card" data-testid="school-card">
      <LazyImage className="sch-card__img" src={school.img} alt={school.name} width={96} height={72} eager={eager} />
      <div className="sch-card__body">
        <h3 className="sch-card__name">{school.name}</h3>
        <p className="sch-card__line">
          <SchoolBadges school={school} />
          <span className="sch-card__rank" data-testid="school-rank">
            {`${school.regionName ?? ''}${school.level}第${school.regionRank}名`}
          </span>
        </p>
        <p className="sch-card__addr">{school.address}</p>
        {school.xiaoquCount !== undefined ? (
          <p className="sch-card__more">
            对口<b>{school.xiaoquCount}</b>个小区
            {school.tags.length ? <span className="sch-card__tags"> · {school.tags.slice(0, 3).join(' · ')}</span> : null}
          </p>
        ) : null}
      </div>
    </AppLink>
  );
}

/** A plain list of school links with their rank (rankings, nearby schools, hot searches). */
export function SchoolRankList({
  schools,
  current,
  showRank = true,
}: {
  schools: ReadonlyArray<SchoolItem>;
  current?: number;
  showRank?: boolean;
}) {
  return (
    <ol className="sch-rank">
      {schools.map((s) => (
        <li key={s.schoolId} className={s.schoolId === current ? 'is-current' : undefined}>
          <AppLink href={schoolPath.detail(s.schoolId)} className="sch-rank__row" data-testid="rank-row">
            {showRank ? <span className={`sch-rank__no${s.regionRank <= 3 ? ' is-top' : ''}`}>{s.regionRank}</span> : null}
            <span className="sch-rank__name">{s.name}</span>
            <SchoolBadges school={s} />
          </AppLink>
        </li>
      ))}
    </ol>
  );
}
