import type { PageProps } from '../src/render/page-props.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { splitTitle } from '../src/ui/paths.ts';
import { SearchBar } from '../src/ui/SearchBar.tsx';
import { SectionGrid } from '../src/ui/sections.tsx';

/**
 * The placeholder screen of every route whose real screen comes in a later issue. It shows the page's own title
 * (from the registry meta, without the brand suffix) and looks like a finished page: a hero, search, the sections.
 */
export default function SectionPage(_props: PageProps<unknown>) {
  const { route, site, city } = useAppState();
  const { main, rest } = splitTitle(route.head.title, site.brand);
  const title = main || `${city.selectCityName}房产`;
  return (
    <div className="sect">
      <section className="sect__hero">
        <svg className="sect__art" viewBox="0 0 120 96" width="120" height="96" aria-hidden="true">
          <circle cx="60" cy="52" r="44" fill="#fff" fillOpacity="0.12" />
          <path d="M104 88V16M98 16h16M104 16 58 16M104 16l6 6M104 28l-6-6" stroke="#ffd84d" strokeWidth="3" strokeLinecap="round" />
          <path d="M66 16v14" stroke="#fff" strokeOpacity="0.85" strokeWidth="1.6" />
          <rect x="60" y="30" width="12" height="9" rx="1.5" fill="#ffd84d" />
          <path d="M16 88V54l22-16 22 16v34Z" fill="#fff" fillOpacity="0.95" />
          <rect x="32" y="66" width="12" height="22" rx="2" fill="var(--c-brand)" fillOpacity="0.45" />
          <path d="M66 88V50h26v38Z" fill="#fff" fillOpacity="0.7" />
          <path d="M72 58h5M81 58h5M72 68h5M81 68h5M72 78h5M81 78h5" stroke="var(--c-brand)" strokeOpacity="0.45" strokeWidth="3" />
          <path d="M8 88h106" stroke="#fff" strokeOpacity="0.85" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h1 className="sect__title">{title}</h1>
        {rest.length ? (
          <p className="sect__keys">
            {rest.map((k) => (
              <span key={k}>{k}</span>
            ))}
          </p>
        ) : null}
        <p className="sect__lead">频道正在精心建设中，敬请期待～</p>
      </section>
      <SearchBar className="sect__search" />
      <section className="card sect__block">
        <h2 className="block__title">热门频道</h2>
        <SectionGrid />
      </section>
      <section className="card sect__block sect__help">
        <h2 className="block__title">需要帮助？</h2>
        <p className="sect__text">
          想买房、卖房或租房，可以直接
          <AppLink href="/Index/yijianweituo">委托我们</AppLink>
          ，专业经纪人会尽快与你联系；也可以在
          <AppLink href="/wenda/">问答</AppLink>
          里看看大家的经验。
        </p>
        <div className="sect__actions">
          <AppLink href="/" className="btn btn--primary">
            返回首页
          </AppLink>
          <AppLink href="/downloadapp/" className="btn btn--ghost">
            下载APP
          </AppLink>
        </div>
      </section>
    </div>
  );
}
