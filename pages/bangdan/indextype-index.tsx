import type { IndextypeIndexData } from '../../src/contracts/page-data/ranking.ts';
import { indextypeHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { groupDigits } from '../../src/ui/paths.ts';
import { RkHero, RkSection } from '../../src/ui/ranking/parts.tsx';

/** /indextype (SPEC 2.1): the seven new-home types, each with the city's count and most viewed estate, to its page. */
export default function IndextypeIndexPage({ data }: PageProps<IndextypeIndexData>) {
  const { city } = useAppState();
  return (
    <div className="rk-page">
      <RkHero title={`${city.selectCityName}新房按类型找`} sub={`${data.types.length}种物业类型，按关注度看各类新楼盘`} />
      <RkSection title="物业类型" testId="loupan-types">
        <ul className="rk-list">
          {data.types.map((t) => (
            <li key={t.code}>
              <AppLink href={indextypeHref(t.code)} className="rk-row" data-code={t.code}>
                <span className="rk-row__body">
                  <span className="rk-row__name">{t.name}楼盘</span>
                  <span className="rk-row__meta">
                    {t.top
                      ? `最受关注：${t.top.name}${t.top.price ? ` · 均价${groupDigits(t.top.price)}元/㎡` : ' · 价格待定'}`
                      : `暂无${t.name}楼盘`}
                  </span>
                </span>
                <span className="rk-row__side">
                  <b>{t.total}</b>个楼盘 ›
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </RkSection>
    </div>
  );
}
