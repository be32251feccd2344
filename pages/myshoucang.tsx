import type { CollectEntry, Overseas } from '../src/contracts/gateway/index.ts';
import type { MyShoucangData } from '../src/contracts/page-data/member.ts';
import { kindOfHouseType } from '../src/lib/listing-kinds.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';
import { OverseasCard } from '../src/ui/haiwai/OverseasCard.tsx';
import { EstateCard, ListingCard } from '../src/ui/ListingCard.tsx';

const TABS = [
  { kind: null, label: '全部' },
  { kind: 'ershoufang', label: '二手房' },
  { kind: 'rent', label: '租房' },
  { kind: 'newhouse', label: '新房' },
  { kind: 'xiaoqu', label: '小区' },
  { kind: 'overseas', label: '海外' },
] as const;

function Entry({ e }: { e: CollectEntry }) {
  const item = e.item as unknown as Record<string, unknown>;
  if (e.kind === 'newhouse') {
    return (
      <EstateCard
        estate={{
          houseId: item.houseId as number,
          name: String(item.name ?? item.title),
          img: item.img as string,
          price: item.price as number,
          regionName: item.regionName as string,
        }}
      />
    );
  }
  if (e.kind === 'xiaoqu') {
    return (
      <AppLink className="lcard" href={`/xiaoqu/${item.stressId}.html`}>
        <div className="lcard__body">
          <h3 className="lcard__title">{String(item.name)}</h3>
          <p className="lcard__facts">{[item.regionName, item.shopMapName].filter(Boolean).join(' ')}</p>
          <p className="lcard__price">
            <strong className="price">{String(item.avgPrice ?? '')}</strong>
            <span className="price__unit">元/㎡</span>
          </p>
        </div>
      </AppLink>
    );
  }
  if (e.kind === 'overseas') return <OverseasCard item={e.item as Overseas} />;
  const houseType = item.houseType as number;
  return <ListingCard listing={e.item as never} kind={kindOfHouseType(houseType)} />;
}

/** /myshoucang: the member's favourites (member-only). */
export default function MyShoucangPage({ data }: PageProps<MyShoucangData>) {
  return (
    <div className="fav">
      <nav className="fav__tabs" aria-label="收藏类型">
        {TABS.map((t) => (
          <AppLink
            key={t.label}
            href={t.kind ? `/myshoucang?kind=${t.kind}` : '/myshoucang'}
            className={data.kind === t.kind ? 'is-on' : ''}
          >
            {t.kind ? `${t.label}(${data.counts[t.kind]})` : t.label}
          </AppLink>
        ))}
      </nav>
      {data.entries.length ? (
        <ul className="lst__list" data-testid="favourites">
          {data.entries.map((e) => (
            <li
              key={`${e.kind}-${(e.item as { houseId?: number; stressId?: number }).houseId ?? (e.item as { stressId?: number }).stressId}`}
            >
              <Entry e={e} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="lst__empty">
          <p>还没有收藏，去看看心仪的房子吧</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href="/ershoufang/">
              逛逛二手房
            </AppLink>
          </p>
        </div>
      )}
    </div>
  );
}
