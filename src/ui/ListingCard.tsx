import type { Estate, Listing } from '../contracts/page-data/cards.ts';
import { detailPathOf, isCommercialKind, isRentHouseType, type ListingKind } from '../lib/listing-kinds.ts';
import { listedLabel } from '../lib/time-label.ts';
import { useAppState } from '../stores/context.tsx';
import { CardFrame, CardPrice } from './card-parts.tsx';
import { CompareAddButton } from './compare/CompareAddButton.tsx';
import { mediaBadgesOf, WithMediaBadges } from './media/MediaBadges.tsx';
import { groupDigits, num } from './paths.ts';

export type { ListingKind } from '../lib/listing-kinds.ts';

export function layoutText(l: Pick<Listing, 'huxing' | 'layout' | 'rooms' | 'halls'>): string {
  if (l.huxing) return l.huxing;
  if (l.layout) return l.layout;
  if (!l.rooms) return '';
  return `${l.rooms}室${l.halls != null ? `${l.halls}厅` : ''}`;
}

const detailHref = (kind: ListingKind, l: Listing) => l.url || detailPathOf(kind, l.houseId, l.houseType);

type ListingCardProps = {
  listing: Listing;
  kind?: ListingKind;
  eager?: boolean;
  /** A second-hand or rental card of a list offers 加入对比 (issue 37 part 4; the list holds its form). */
  compare?: boolean;
};
type TimedCardProps = ListingCardProps & { now: number };

/**
 * A listing card, with its VR and video badges linking to the listing's tour and clip when it has them (issue 19), and
 * when it was put up (今天上架 …) as of the screen's render time.
 */
export function ListingCard(props: ListingCardProps) {
  return <ListingCardAt {...props} now={useAppState().route.renderedAt} />;
}

/** The card as of `now`, reading no context: what a markup memo renders (its key holds the day of `now`). */
export function ListingCardAt(props: TimedCardProps) {
  const { kind = 'ershoufang', compare } = props;
  const card = (
    <WithMediaBadges badges={mediaBadgesOf(props.listing)} variant="lcard">
      <ListingCardLink {...props} />
    </WithMediaBadges>
  );
  if (!compare || (kind !== 'ershoufang' && kind !== 'zufang')) return card;
  return (
    <>
      {card}
      <CompareAddButton item={`${kind}:${props.listing.houseId}`} />
    </>
  );
}

/** A listing: image, title, layout/area/orientation, tags, price (万 or 元/月), unit price and when it was put up. */
function ListingCardLink({ listing, kind = 'ershoufang', eager, now }: TimedCardProps) {
  const listed = listedLabel(listing.createdAt, now);
  if (isCommercialKind(kind)) return <CommercialCard listing={listing} kind={kind} eager={eager} listed={listed} />;
  const rent = kind === 'zufang';
  return (
    <CardFrame
      href={detailHref(kind, listing)}
      img={listing.img}
      alt={listing.title}
      eager={eager}
      badge={rent ? listing.rentType : null}
      title={listing.title}
      facts={[layoutText(listing), listing.area != null ? `${num(listing.area)}㎡` : '', listing.orientation, listing.xiaoquName]}
      tags={listing.tags}
    >
      {rent ? (
        <CardPrice price={groupDigits(listing.price)} unit="元/月" aside={listed} />
      ) : (
        <CardPrice
          price={num(listing.price)}
          unit="万"
          note={listing.unitPrice ? <>{groupDigits(listing.unitPrice)}元/㎡</> : null}
          aside={listed}
        />
      )}
    </CardFrame>
  );
}

/**
 * A shop or office: area, business format and location; rent per month with 元/㎡·月, or total price in 万 with
 * 元/㎡. In the shop channel (both kinds in one list) the badge says 出租 or 出售.
 */
function CommercialCard({ listing, kind, eager, listed }: { listing: Listing; kind: ListingKind; eager?: boolean; listed: string }) {
  const rent = listing.houseType ? isRentHouseType(listing.houseType) : kind === 'shangpucz' || kind === 'xieziloucz';
  return (
    <CardFrame
      href={detailHref(kind, listing)}
      img={listing.img}
      alt={listing.title}
      eager={eager}
      badge={kind === 'zhaopu' ? (rent ? '出租' : '出售') : listing.businessFormat}
      title={listing.title}
      facts={[
        listing.area != null ? `${num(listing.area)}㎡` : '',
        listing.businessFormat ? `适合${listing.businessFormat}` : '',
        [listing.regionName, listing.shopMapName].filter(Boolean).join(' '),
      ]}
      tags={listing.tags}
    >
      <CardPrice
        price={rent ? groupDigits(listing.price) : num(listing.price)}
        unit={rent ? '元/月' : '万'}
        note={listing.unitPrice ? `${groupDigits(listing.unitPrice)}${rent ? '元/㎡·月' : '元/㎡'}` : null}
        aside={listed}
      />
    </CardFrame>
  );
}

/** A new-home estate: image, name, status, region, area range, tags and the average price. */
export function EstateCard({ estate, eager }: { estate: Estate; eager?: boolean }) {
  const avgPrice = estate.avgPrice || estate.price || 0;
  const status = estate.saleStatusLabel || estate.saleStatus || '';
  return (
    <CardFrame
      href={estate.url || `/xinfang/${encodeURIComponent(String(estate.houseId))}.html`}
      img={estate.img}
      alt={estate.name}
      eager={eager}
      badge={estate.propertyType || estate.typeNames?.[0]}
      title={
        <>
          {estate.name}
          {status ? <span className={`status status--${statusTone(status)}`}>{status}</span> : null}
        </>
      }
      facts={[[estate.regionName, estate.address].filter(Boolean).join(' · '), estate.areaRange]}
      tags={estate.tags}
    >
      <p className="lcard__price">
        {avgPrice ? (
          <>
            <span className="price__pre">均价</span>
            <strong className="price">{groupDigits(avgPrice)}</strong>
            <span className="price__unit">元/㎡</span>
          </>
        ) : (
          <strong className="price price--tbd">价格待定</strong>
        )}
      </p>
    </CardFrame>
  );
}

function statusTone(status: string): 'on' | 'soon' | 'off' {
  if (/在售|现房|期房|尾房/.test(status)) return 'on';
  if (/待售|即将/.test(status)) return 'soon';
  return 'off';
}
