import type { ReactNode } from 'react';
import type { Listing } from '../../contracts/page-data/cards.ts';
import { AppLink } from '../AppLink.tsx';
import { ListingCard, type ListingKind } from '../ListingCard.tsx';
import { groupDigits } from '../paths.ts';
import { Tags } from '../Tags.tsx';

/** One labelled value of the key facts grid. */
export interface Fact {
  label: string;
  value: ReactNode;
}

/** The headline prices (3 big numbers, Beike style) and the facts grid below them. */
export function KeyFacts({ headline, facts }: { headline: Fact[]; facts: Fact[] }) {
  return (
    <section className="dt-facts">
      <div className="dt-facts__head">
        {headline.map((f) => (
          <div key={f.label} className="dt-facts__big">
            <strong>{f.value}</strong>
            <span>{f.label}</span>
          </div>
        ))}
      </div>
      <dl className="dt-facts__grid">
        {facts
          .filter((f) => f.value !== '' && f.value !== null && f.value !== undefined)
          .map((f) => (
            <div key={f.label} className="dt-facts__item">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The head of a detail page: an optional line above the title (kind, place), the title and the listing's tags. */
export function DetailHead({ title, tags, children }: { title: string; tags: readonly string[]; children?: ReactNode }) {
  return (
    <header className="dt-head">
      {children}
      <h1 className="dt-head__title">{title}</h1>
      <Tags tags={tags} className="dt-head__tags" />
    </header>
  );
}

/** A titled white block of the detail page. */
export function DetailBlock({
  title,
  more,
  children,
  id,
}: {
  title: string;
  more?: { href: string; label: string };
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className="dt-block" id={id}>
      <div className="dt-block__head">
        <h2 className="dt-block__title">{title}</h2>
        {more ? (
          <AppLink className="dt-block__more" href={more.href}>
            {more.label}
          </AppLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** The description: paragraphs split on blank lines or 。-runs longer than the screen stay one paragraph. */
export function Description({
  title = '房源描述',
  text,
  extra,
}: {
  title?: string;
  text: string | null | undefined;
  extra?: Array<{ label: string; text: string }>;
}) {
  if (!text && !extra?.length) return null;
  return (
    <DetailBlock title={title}>
      {text
        ?.split(/\n+/)
        .filter(Boolean)
        .map((p) => (
          <p key={p} className="dt-desc">
            {p}
          </p>
        ))}
      {extra?.map((e) => (
        <div key={e.label} className="dt-desc__extra">
          <h3>{e.label}</h3>
          <p className="dt-desc">{e.text}</p>
        </div>
      ))}
    </DetailBlock>
  );
}

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

/** Similar listings under the detail (same community or area). */
export function SimilarListings({
  title,
  items,
  kind,
  more,
}: {
  title: string;
  items: Listing[];
  kind: ListingKind;
  more?: { href: string; label: string };
}) {
  if (!items.length) return null;
  return (
    <DetailBlock title={title} more={more}>
      <ul className="dt-similar">
        {items.map((l) => (
          <li key={l.houseId}>
            <ListingCard listing={l} kind={kind} />
          </li>
        ))}
      </ul>
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
