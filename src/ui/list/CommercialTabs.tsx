import { ZHAOPU_DEALS } from '../../lib/listing-filters.ts';
import { COMMERCIAL_KINDS, KIND_NOUNS, type ListingKind } from '../../lib/listing-kinds.ts';
import { AppLink } from '../AppLink.tsx';

/**
 * The kind switch above a commercial list: the four shop and office lists, then 找铺; in 找铺 itself: all shops,
 * for rent, for sale, and its search screen.
 */
export function CommercialTabs({ kind, deal }: { kind: ListingKind; deal?: number }) {
  if (kind === 'zhaopu') {
    return (
      <nav className="lst__kinds" aria-label="找铺类型">
        <AppLink href="/zhaopu/" className={deal ? '' : 'is-on'}>
          全部商铺
        </AppLink>
        {ZHAOPU_DEALS.map((d, i) => (
          <AppLink key={d} href={`/zhaopu/ty${i + 1}/`} className={deal === i + 1 ? 'is-on' : ''}>
            {`商铺${d}`}
          </AppLink>
        ))}
        <AppLink href="/zhaopu/search">搜索找铺</AppLink>
        <AppLink href="/sydc">商业地产</AppLink>
      </nav>
    );
  }
  return (
    <nav className="lst__kinds" aria-label="商业地产类型">
      {COMMERCIAL_KINDS.map((k) => (
        <AppLink key={k} href={`/${k}/`} className={k === kind ? 'is-on' : ''}>
          {KIND_NOUNS[k]}
        </AppLink>
      ))}
      <AppLink href="/zhaopu/">找铺</AppLink>
    </nav>
  );
}
