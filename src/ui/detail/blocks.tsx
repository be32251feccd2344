import type { ReactNode } from 'react';
import { AppLink } from '../AppLink.tsx';
import { groupDigits } from '../paths.ts';
import { DetailBlock } from './parts.tsx';

/*
 * The blocks of a detail below its first screen: the community, the follow count, timelines. Apart from parts.tsx (the
 * first screen's), so a detail's first JavaScript carries none of them (issue 35 part 4).
 */

export interface CommunityInfo {
  stressId: number;
  name: string;
  /** The full name (美的置业国际郡) where `name` holds the short one (SPEC 7.1). */
  fullName?: string;
  img?: string;
  regionName?: string | null;
  shopMapName?: string | null;
  avgPrice?: number | null;
  buildYear?: number | null;
  buildType?: string | null;
  ershoucount?: number | null;
  zufangcount?: number | null;
  address?: string | null;
}

/**
 * How many members follow (favourite) a listing, as a chip beside the record links (issue 34). Nothing when nobody does
 * or the count could not be read: 0人关注 tells a buyer nothing and tells everyone the listing is ignored; the 收藏
 * button in the action bar is the invitation to be the first.
 */
export function FollowCount({ total }: { total: number | null | undefined }) {
  if (!total || total < 1) return null;
  return (
    <span className="dt-links__count" data-testid="follow-count">
      {groupDigits(total)}人关注
    </span>
  );
}

/** The community card: name, average price, year, counts; links to /xiaoqu/{id}.html. */
export function CommunityCard({ community }: { community: CommunityInfo | null }) {
  if (!community) return null;
  const where = [community.regionName, community.shopMapName].filter(Boolean).join(' ');
  const name = community.fullName || community.name;
  return (
    <DetailBlock title="小区信息" more={{ href: `/xiaoqu/${community.stressId}.html`, label: '小区详情' }}>
      <AppLink className="dt-xq" href={`/xiaoqu/${community.stressId}.html`}>
        {community.img ? <img className="dt-xq__img" src={community.img} alt={name} width={96} height={72} loading="lazy" /> : null}
        <div className="dt-xq__body">
          <h3 className="dt-xq__name">{name}</h3>
          <p className="dt-xq__line">
            {community.avgPrice ? (
              <>
                参考均价 <b className="dt-xq__price">{groupDigits(community.avgPrice)}</b>元/㎡
              </>
            ) : (
              '暂无均价'
            )}
          </p>
          <p className="dt-xq__line">
            {[where, community.buildYear ? `${community.buildYear}年建成` : '', community.buildType ?? ''].filter(Boolean).join(' · ')}
          </p>
          <p className="dt-xq__line">
            在售二手房 {community.ershoucount ?? 0} 套 · 在租 {community.zufangcount ?? 0} 套
          </p>
        </div>
      </AppLink>
    </DetailBlock>
  );
}

/** A short timeline (price changes, viewings, news). */
export function Timeline({ items }: { items: Array<{ key: string | number; when: string; text: ReactNode }> }) {
  if (!items.length) return <p className="dt-empty">暂无记录</p>;
  return (
    <ol className="dt-tl">
      {items.map((i) => (
        <li key={i.key} className="dt-tl__item">
          <time className="dt-tl__when">{i.when}</time>
          <div className="dt-tl__text">{i.text}</div>
        </li>
      ))}
    </ol>
  );
}
