import type { SydcData } from '../../src/contracts/page-data/shangpu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ShopIcon, StoreIcon } from '../../src/ui/icons.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { ZhaopuSearchForm } from '../../src/ui/list/ZhaopuSearch.tsx';

const TONES: Record<string, string> = { shangpucs: 'amber', shangpucz: 'orange', xieziloucs: 'indigo', xieziloucz: 'blue' };

/** /sydc, 商业地产: the four commercial lists with their counts, 找铺, and the most viewed listings of each kind. */
export default function SydcPage({ data }: PageProps<SydcData>) {
  const { city } = useAppState();
  return (
    <div className="sydc">
      <section className="sydc__hero">
        <h1 className="sydc__title">{city.selectCityName}商业地产</h1>
        <p className="sydc__lead">
          在售在租商业房源<b data-testid="total">{data.total}</b>套，旺铺写字楼一站选址
        </p>
        <ZhaopuSearchForm />
      </section>
      <nav className="card sydc__entries" aria-label="商业地产分类">
        {data.kinds.map((k) => (
          <AppLink key={k.kind} href={`/${k.kind}/`} className="sydc__entry" data-testid={`entry-${k.kind}`}>
            <span className={`sgrid__tile sgrid__tile--${TONES[k.kind] ?? 'amber'}`}>
              {k.kind.startsWith('shangpu') ? <ShopIcon size={22} /> : <StoreIcon size={22} />}
            </span>
            <span className="sydc__noun">{k.noun}</span>
            <span className="sydc__count">{`${k.total}套`}</span>
          </AppLink>
        ))}
      </nav>
      <AppLink href="/zhaopu/" className="card sydc__zhaopu">
        <b>找铺</b>
        <span>按区域、租金、面积、业态快速找到合适的店铺</span>
      </AppLink>
      {data.kinds.map((k) =>
        k.items.length ? (
          <section key={k.kind} className="card block">
            <div className="block__head">
              <h2 className="block__title">推荐{k.noun}</h2>
              <AppLink href={`/${k.kind}/`} className="block__more">
                更多
              </AppLink>
            </div>
            <ul className="sydc__list">
              {k.items.map((l) => (
                <li key={l.houseId}>
                  <ListingCard listing={l} kind={k.kind} />
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}
