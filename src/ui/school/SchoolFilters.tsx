import type { SchoolDistrict } from '../../contracts/page-data/school.ts';
import type { LocationDict } from '../../lib/listing-filters.ts';
import {
  KEY_SCHOOL_LABEL,
  SCHOOL_LEVELS,
  SCHOOL_NATURES,
  type SchoolQuery,
  schoolListHref,
  withSchoolFilter,
} from '../../lib/school-filters.ts';
import { AppLink } from '../AppLink.tsx';

const chip = (on: boolean) => (on ? 'sch-chip is-on' : 'sch-chip');

/**
 * The school list filters, all plain links (crawlable, no JavaScript needed): levels, districts with their school
 * counts, 公办/民办 and key schools. Every change starts again at page 1.
 */
export function SchoolFilters({
  query: q,
  regions,
  counts,
}: {
  query: SchoolQuery;
  regions: LocationDict['regions'];
  counts: SchoolDistrict[];
}) {
  const href = (patch: Partial<SchoolQuery>) => schoolListHref(withSchoolFilter(q, patch), regions);
  const countOf = (id: number) => counts.find((c) => c.regionId === id)?.count;
  return (
    <div className="sch-filters">
      <nav className="sch-row sch-row--levels" aria-label="学段">
        <AppLink href={href({ level: undefined })} className={chip(!q.level)} data-testid="level-all">
          全部学校
        </AppLink>
        {SCHOOL_LEVELS.map((l, i) => (
          <AppLink key={l.slug} href={href({ level: i + 1 })} className={chip(q.level === i + 1)} data-testid={`level-${l.slug}`}>
            {l.level}
          </AppLink>
        ))}
      </nav>
      <nav className="sch-row" aria-label="区域">
        <AppLink href={href({ regionId: undefined })} className={chip(!q.regionId)}>
          全部区域
        </AppLink>
        {regions.map((r) => {
          const n = countOf(r.regionId);
          return (
            <AppLink key={r.regionId} href={href({ regionId: r.regionId })} className={chip(q.regionId === r.regionId)}>
              {r.regionName}
              {n !== undefined ? <small>{n}</small> : null}
            </AppLink>
          );
        })}
      </nav>
      <nav className="sch-row" aria-label="性质">
        {SCHOOL_NATURES.map((n, i) => (
          <AppLink
            key={n}
            href={href({ nature: q.nature === i + 1 ? undefined : i + 1 })}
            className={chip(q.nature === i + 1)}
            data-testid={`nature-${i + 1}`}
          >
            {n}
          </AppLink>
        ))}
        <AppLink href={href({ key: q.key ? undefined : true })} className={chip(Boolean(q.key))} data-testid="key-school">
          {KEY_SCHOOL_LABEL}
        </AppLink>
      </nav>
    </div>
  );
}
