import type { SchoolProfile } from '../../contracts/gateway/index.ts';
import { schoolPath } from '../../lib/school-filters.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { SchoolBadges } from './SchoolCard.tsx';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d]/g, '')}`;

/** The top of a school page: photo, name, badges, its rank in the district, address, phone, founding year, tags. */
export function SchoolHead({ school: s, districtHref }: { school: SchoolProfile; districtHref: string }) {
  return (
    <header className="sch-head">
      <LazyImage className="sch-head__img" src={s.img} alt={s.name} width={375} height={200} eager />
      <div className="sch-head__body">
        <h1 className="sch-head__name" data-testid="school-name">
          {s.name}
        </h1>
        <p className="sch-head__line">
          <SchoolBadges school={s} />
          <AppLink href={schoolPath.top(s.schoolId)} className="sch-head__rank" data-testid="school-rank">
            {`${s.regionName ?? ''}${s.level}第${s.regionRank}名`}
          </AppLink>
        </p>
        <dl className="sch-facts">
          <div>
            <dt>区域</dt>
            <dd>
              <AppLink href={districtHref}>
                {s.regionName}
                {s.level}
              </AppLink>
            </dd>
          </div>
          <div>
            <dt>地址</dt>
            <dd>{s.address}</dd>
          </div>
          {s.phone ? (
            <div>
              <dt>电话</dt>
              <dd>
                <a href={telHref(s.phone)}>{s.phone}</a>
              </dd>
            </div>
          ) : null}
          {s.founded ? (
            <div>
              <dt>建校</dt>
              <dd>{s.founded}年</dd>
            </div>
          ) : null}
        </dl>
        {s.tags.length ? (
          <p className="sch-tags">
            {s.tags.map((t) => (
              <span key={t} className="sch-tag">
                {t}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </header>
  );
}

/** The top of a sub-page: the school's name linking to its page, and its badges. */
export function SchoolSubHead({ school: s, title }: { school: SchoolProfile; title: string }) {
  return (
    <header className="sch-sub">
      <AppLink href={schoolPath.detail(s.schoolId)} className="sch-sub__school">
        {s.name}
      </AppLink>
      <h1 className="sch-sub__title">{title}</h1>
      <p className="sch-head__line">
        <SchoolBadges school={s} />
        <span className="sch-sub__where">
          {s.regionName} · {s.address}
        </span>
      </p>
    </header>
  );
}

export type SchoolTab = 'detail' | 'infor' | 'periphery' | 'top' | 'secHand' | 'rent' | 'louPan' | 'schools';

const TABS: ReadonlyArray<{ tab: SchoolTab; label: string; href: (id: number) => string }> = [
  { tab: 'detail', label: '概况', href: schoolPath.detail },
  { tab: 'infor', label: '简介划片', href: schoolPath.infor },
  { tab: 'secHand', label: '学区二手房', href: (id) => schoolPath.secHand(id) },
  { tab: 'rent', label: '学区租房', href: (id) => schoolPath.rent(id) },
  { tab: 'top', label: '区内排名', href: schoolPath.top },
  { tab: 'louPan', label: '周边楼盘', href: schoolPath.louPan },
  { tab: 'schools', label: '周边学校', href: schoolPath.school },
  { tab: 'periphery', label: '周边配套', href: schoolPath.periphery },
];

/** The school's pages as a scrolling row of tabs. */
export function SchoolNav({ id, current }: { id: number; current?: SchoolTab }) {
  return (
    <nav className="sch-nav" aria-label="学校导航">
      {TABS.map((t) => (
        <AppLink
          key={t.tab}
          href={t.href(id)}
          className={t.tab === current ? 'sch-nav__tab is-on' : 'sch-nav__tab'}
          aria-current={t.tab === current ? 'page' : undefined}
          data-testid={`tab-${t.tab}`}
        >
          {t.label}
        </AppLink>
      ))}
    </nav>
  );
}
