import type { AppHomeData } from '../../src/contracts/page-data/apph5.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { DealRow } from '../../src/ui/apph5/DealRow.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';

/** /appH5: the in-app home: quick entries, the city's latest deals, new second-hand listings and rentals. */
export default function AppHomePage({ data }: PageProps<AppHomeData>) {
  return (
    <div className="ah-page">
      <nav className="ah-grid card" aria-label="快捷入口">
        {data.entries.map((e) => (
          <AppLink key={e.href} href={e.href} className="ah-grid__item">
            <b>{e.label}</b>
            <small>{e.note}</small>
          </AppLink>
        ))}
      </nav>
      <section className="card ah-sec">
        <header className="ah-sec__head">
          <h2>最新成交</h2>
          <AppLink href="/appH5/knockdown/" className="ah-sec__more">
            共{data.dealTotal}套 ›
          </AppLink>
        </header>
        {data.deals.length ? (
          <ul className="ah-deals">
            {data.deals.map((d) => (
              <DealRow key={d.dealId} deal={d} />
            ))}
          </ul>
        ) : (
          <p className="ah-empty">暂无成交记录</p>
        )}
      </section>
      <section className="card ah-sec">
        <header className="ah-sec__head">
          <h2>新上二手房</h2>
          <AppLink href="/ershoufang/" className="ah-sec__more">
            更多 ›
          </AppLink>
        </header>
        <ul className="ah-list">
          {data.newest.map((l) => (
            <li key={l.houseId}>
              <ListingCard listing={l} kind="ershoufang" />
            </li>
          ))}
        </ul>
      </section>
      {data.rentals.length ? (
        <section className="card ah-sec">
          <header className="ah-sec__head">
            <h2>新上租房</h2>
            <AppLink href="/appH5/zufang" className="ah-sec__more">
              更多 ›
            </AppLink>
          </header>
          <ul className="ah-list">
            {data.rentals.map((l) => (
              <li key={l.houseId}>
                <ListingCard listing={l} kind="zufang" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
