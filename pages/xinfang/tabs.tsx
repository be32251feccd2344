import type { TabData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';

/** /xinfangTabPages/{hot|newest|recommend|xianfang}: the channel's tab lists. */
export default function XinfangTabsPage({ data }: PageProps<TabData>) {
  const { city } = useAppState();
  return (
    <div className="xf-page">
      <nav className="xf-tabs" aria-label="新房频道">
        {data.tabs.map((t) => (
          <AppLink
            key={t.key}
            href={`/xinfangTabPages/${t.key}`}
            className={`xf-tabs__tab${t.key === data.tab ? ' is-on' : ''}`}
            aria-current={t.key === data.tab ? 'page' : undefined}
          >
            {t.label}
          </AppLink>
        ))}
      </nav>
      <h1 className="xf-list__h1 xf-tabs__h1">
        {city.selectCityName}
        {data.title}
      </h1>
      <ul className="card xf-sec">
        {data.list.map((e) => (
          <li key={e.houseId}>
            <EstateItem estate={e} />
          </li>
        ))}
      </ul>
      <p className="xf-more">
        <AppLink href="/xinfang/" className="btn btn--ghost btn--block">
          查看全部新房
        </AppLink>
      </p>
    </div>
  );
}
