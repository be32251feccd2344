import type { ReactNode } from 'react';
import type { HomeData } from '../../contracts/page-data/cards.ts';
import { useAppState } from '../../stores/context.tsx';
import { AppLink } from '../AppLink.tsx';
import { ChevronRight } from '../icons.tsx';
import { EstateCard, ListingCard } from '../ListingCard.tsx';

const asList = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/**
 * The home page under its first screen: the new-home, second-hand and rental cards and the promise. A lazy part of
 * pages/home.tsx (issue 35 part 4): the cards' code loads when this comes into view.
 */
export function HomeLists({ data }: { data: HomeData | null | undefined }) {
  const { site } = useAppState();
  const d = data && typeof data === 'object' ? data : {};
  const ershoufang = asList<NonNullable<HomeData['ershoufang']>[number]>(d.ershoufang);
  const xinfang = asList<NonNullable<HomeData['xinfang']>[number]>(d.xinfang);
  const zufang = asList<NonNullable<HomeData['zufang']>[number]>(d.zufang);
  return (
    <>
      {xinfang.length ? (
        <HomeSection title="热门新盘" more="/xinfang/" moreLabel="更多新房">
          {xinfang.map((e, i) => (
            <li key={e.houseId}>
              <EstateCard estate={e} eager={i === 0} />
            </li>
          ))}
        </HomeSection>
      ) : null}
      {ershoufang.length ? (
        <HomeSection title="精选二手房" more="/ershoufang/" moreLabel="更多二手房">
          {ershoufang.map((l, i) => (
            <li key={l.houseId}>
              {/* The first card under the banner is the home page's LCP element (issue 11 point 6). */}
              <ListingCard listing={l} kind="ershoufang" eager={i === 0 && !xinfang.length} />
            </li>
          ))}
        </HomeSection>
      ) : null}
      {zufang.length ? (
        <HomeSection title="品质租房" more="/zufang/" moreLabel="更多租房">
          {zufang.map((l) => (
            <li key={l.houseId}>
              <ListingCard listing={l} kind="zufang" />
            </li>
          ))}
        </HomeSection>
      ) : null}
      <section className="home__promise card">
        <h2 className="block__title">{site.brand}承诺</h2>
        <ul className="promise">
          <li>
            <strong>真实房源</strong>
            <span>真实在售</span>
          </li>
          <li>
            <strong>透明交易</strong>
            <span>费用公开</span>
          </li>
          <li>
            <strong>资金安全</strong>
            <span>全程监管</span>
          </li>
          <li>
            <strong>专业服务</strong>
            <span>持证上岗</span>
          </li>
        </ul>
      </section>
    </>
  );
}

function HomeSection({ title, more, moreLabel, children }: { title: string; more: string; moreLabel: string; children: ReactNode }) {
  return (
    <section className="block card">
      <div className="block__head">
        <h2 className="block__title">{title}</h2>
        <AppLink href={more} className="block__more" aria-label={moreLabel}>
          更多
          <ChevronRight size={14} />
        </AppLink>
      </div>
      <ul className="block__list">{children}</ul>
      <AppLink href={more} className="block__all">
        {moreLabel}
      </AppLink>
    </section>
  );
}
