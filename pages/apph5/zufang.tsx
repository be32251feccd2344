import type { AppZufangData } from '../../src/contracts/page-data/apph5.ts';
import { RENT_TYPES } from '../../src/lib/listing-filters.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

const hrefOf = (rentType: string | null, page = 1) => {
  const q = new URLSearchParams();
  if (rentType) q.set('rentType', rentType);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/appH5/zufang${s ? `?${s}` : ''}`;
};

/** /appH5/zufang: the city's rentals, newest first, whole or shared, as the app lists them. */
export default function AppZufangPage({ data }: PageProps<AppZufangData>) {
  const { list, rentType } = data;
  return (
    <div className="ah-page">
      <nav className="ah-tabs" aria-label="出租方式">
        {[null, ...RENT_TYPES].map((t) => (
          <AppLink key={t ?? 'all'} href={hrefOf(t)} className={`ah-tab${rentType === t ? ' is-on' : ''}`}>
            {t ?? '全部'}
          </AppLink>
        ))}
      </nav>
      <p className="ah-note">共{list.totalElements}套在租房源</p>
      {list.content.length ? (
        <ul className="ah-list card">
          {list.content.map((l) => (
            <li key={l.houseId}>
              <ListingCard listing={l} kind="zufang" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="ah-empty card">暂无在租房源</p>
      )}
      <Pagination page={list.number} totalPages={list.totalPages} hrefOf={(p) => hrefOf(rentType, p)} />
    </div>
  );
}
