import type { HomeData } from '../src/contracts/page-data/cards.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { ChevronRight, EntrustIcon, RentIcon, SearchIcon } from '../src/ui/icons.tsx';
import { lazyPart } from '../src/ui/lazy-part.tsx';
import { SearchBar } from '../src/ui/SearchBar.tsx';
import { SectionGrid } from '../src/ui/sections.tsx';

/** Owner and seeker services under the banner: entrust a sale or a rental, or let an adviser find a home. */
const SERVICES = [
  { title: '我要卖房', text: '经纪人帮你卖', href: '/Index/yijianweituo', Icon: EntrustIcon, tone: 'green' },
  { title: '我要出租', text: '省心快速出租', href: '/Index/yijianweituo?type=rent', Icon: RentIcon, tone: 'blue' },
  { title: '省心找房', text: '顾问帮你找', href: '/shengxinzhaofang', Icon: SearchIcon, tone: 'orange' },
] as const;

/**
 * Under the first screen (hero, channels, banner, services), its own chunk loaded when it comes into view (issue 35
 * part 4): the new-home, second-hand and rental cards (with the cards' images, tags and kinds) and the promise.
 */
const Lists = lazyPart(() => import('../src/ui/home/HomeLists.tsx').then((m) => m.HomeLists), {
  when: 'view',
  fallback: () => <div className="home__wait" />,
});

export default function HomePage({ data }: PageProps<HomeData | null | undefined>) {
  const { city, site } = useAppState();
  return (
    <div className="home">
      <section className="home__hero">
        <h1 className="home__slogan">
          在{city.selectCityName}，<span>找好房上{site.brand}</span>
        </h1>
        <SearchBar className="home__search" />
      </section>
      <nav className="home__entries card" aria-label="找房频道">
        <SectionGrid />
      </nav>
      <HomeBanner cityName={city.selectCityName} />
      <ul className="home__services">
        {SERVICES.map((sv) => (
          <li key={sv.href}>
            <AppLink href={sv.href} className={`svc svc--${sv.tone}`}>
              <span className="svc__title">{sv.title}</span>
              <span className="svc__text">{sv.text}</span>
              <sv.Icon size={22} className="svc__icon" />
            </AppLink>
          </li>
        ))}
      </ul>
      <Lists data={data} />
    </div>
  );
}

/** The banner: pure CSS and an inline SVG skyline, linking to the free valuation (免费估价). */
function HomeBanner({ cityName }: { cityName: string }) {
  return (
    <AppLink href="/fangjia/gujia" className="banner">
      <span className="banner__text">
        <span className="banner__kicker">{cityName}房价行情</span>
        <span className="banner__title">查房价 · 看成交</span>
        <span className="banner__cta">
          免费估价
          <ChevronRight size={14} />
        </span>
      </span>
      <svg className="banner__art" viewBox="0 0 160 96" width="160" height="96" aria-hidden="true">
        <circle cx="118" cy="26" r="14" fill="#fff" fillOpacity="0.22" />
        <g fill="#fff" fillOpacity="0.9">
          <rect x="14" y="50" width="20" height="46" rx="2" />
          <rect x="38" y="30" width="24" height="66" rx="2" />
          <rect x="66" y="44" width="18" height="52" rx="2" />
          <rect x="88" y="20" width="26" height="76" rx="2" />
          <rect x="118" y="56" width="22" height="40" rx="2" />
        </g>
        <g fill="var(--c-brand)" fillOpacity="0.35">
          <rect x="43" y="38" width="5" height="5" />
          <rect x="52" y="38" width="5" height="5" />
          <rect x="43" y="50" width="5" height="5" />
          <rect x="52" y="62" width="5" height="5" />
          <rect x="94" y="30" width="5" height="5" />
          <rect x="103" y="30" width="5" height="5" />
          <rect x="94" y="44" width="5" height="5" />
          <rect x="103" y="58" width="5" height="5" />
          <rect x="19" y="60" width="4" height="4" />
          <rect x="25" y="72" width="4" height="4" />
        </g>
        <path d="M6 78 40 60l26 8 34-26 44-14" fill="none" stroke="#ffd84d" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="144" cy="28" r="4" fill="#ffd84d" />
      </svg>
    </AppLink>
  );
}
