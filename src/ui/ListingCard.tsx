import { detailPathOf, isCommercialKind, isRentHouseType, type ListingKind } from '../lib/listing-kinds.ts';
import { AppLink } from './AppLink.tsx';
import { LazyImage } from './LazyImage.tsx';
import type { Estate, Listing } from './listing-types.ts';
import { groupDigits } from './paths.ts';

export type { ListingKind } from '../lib/listing-kinds.ts';

export function layoutText(l: Pick<Listing, 'huxing' | 'layout' | 'rooms' | 'halls'>): string {
  if (l.huxing) return l.huxing;
  if (l.layout) return l.layout;
  if (!l.rooms) return '';
  return `${l.rooms}室${l.halls != null ? `${l.halls}厅` : ''}`;
}

/** 128.5 → '128.5'; 90 → '90'. */
const num = (n: number) => String(Math.round(n * 100) / 100);

const detailHref = (kind: ListingKind, l: Listing) => l.url || detailPathOf(kind, l.houseId, l.houseType);

/** A listing: image, title, layout/area/orientation, tags, price (万 or 元/月) and unit price. */
export function ListingCard({ listing, kind = 'ershoufang' }: { listing: Listing; kind?: ListingKind }) {
  if (isCommercialKind(kind)) return <CommercialCard listing={listing} kind={kind} />;
  const facts = [
    layoutText(listing),
    listing.area != null ? `${num(listing.area)}㎡` : '',
    listing.orientation ?? '',
    listing.xiaoquName ?? '',
  ].filter(Boolean);
  const tags = (listing.tags ?? []).slice(0, 3);
  const rent = kind === 'zufang';
  return (
    <AppLink href={detailHref(kind, listing)} className="lcard">
      <div className="lcard__media">
        <LazyImage className="lcard__img" src={listing.img} alt={listing.title} width={120} height={90} />
        {rent && listing.rentType ? <span className="lcard__badge">{listing.rentType}</span> : null}
      </div>
      <div className="lcard__body">
        <h3 className="lcard__title">{listing.title}</h3>
        {facts.length ? <p className="lcard__facts">{facts.join(' | ')}</p> : null}
        {tags.length ? (
          <p className="lcard__tags">
            {tags.map((t, i) => (
              <span key={t} className={`tag${i === 0 ? ' tag--hl' : ''}`}>
                {t}
              </span>
            ))}
          </p>
        ) : null}
        <p className="lcard__price">
          {rent ? (
            <>
              <strong className="price">{groupDigits(listing.price)}</strong>
              <span className="price__unit">元/月</span>
            </>
          ) : (
            <>
              <strong className="price">{num(listing.price)}</strong>
              <span className="price__unit">万</span>
              {listing.unitPrice ? <span className="lcard__unit">{groupDigits(listing.unitPrice)}元/㎡</span> : null}
            </>
          )}
        </p>
      </div>
    </AppLink>
  );
}

/**
 * A shop or office: area, business format and location; rent per month with 元/㎡·月, or total price in 万 with
 * 元/㎡. In the shop channel (both kinds in one list) the badge says 出租 or 出售.
 */
function CommercialCard({ listing, kind }: { listing: Listing; kind: ListingKind }) {
  const rent = listing.houseType ? isRentHouseType(listing.houseType) : kind === 'shangpucz' || kind === 'xieziloucz';
  const facts = [
    listing.area != null ? `${num(listing.area)}㎡` : '',
    listing.businessFormat ? `适合${listing.businessFormat}` : '',
    [listing.regionName, listing.shopMapName].filter(Boolean).join(' '),
  ].filter(Boolean);
  const tags = (listing.tags ?? []).slice(0, 3);
  const badge = kind === 'zhaopu' ? (rent ? '出租' : '出售') : listing.businessFormat;
  return (
    <AppLink href={detailHref(kind, listing)} className="lcard">
      <div className="lcard__media">
        <LazyImage className="lcard__img" src={listing.img} alt={listing.title} width={120} height={90} />
        {badge ? <span className="lcard__badge">{badge}</span> : null}
      </div>
      <div className="lcard__body">
        <h3 className="lcard__title">{listing.title}</h3>
        {facts.length ? <p className="lcard__facts">{facts.join(' | ')}</p> : null}
        {tags.length ? (
          <p className="lcard__tags">
            {tags.map((t, i) => (
              <span key={t} className={`tag${i === 0 ? ' tag--hl' : ''}`}>
                {t}
              </span>
            ))}
          </p>
        ) : null}
        <p className="lcard__price">
          <strong className="price">{rent ? groupDigits(listing.price) : num(listing.price)}</strong>
          <span className="price__unit">{rent ? '元/月' : '万'}</span>
          {listing.unitPrice ? (
            <span className="lcard__unit">{`${groupDigits(listing.unitPrice)}${rent ? '元/㎡·月' : '元/㎡'}`}</span>
          ) : null}
        </p>
      </div>
    </AppLink>
  );
}

/** A new-home estate: image, name, status, region, area range, tags and the average price. */
export function EstateCard({ estate }: { estate: Estate }) {
  const avgPrice = estate.avgPrice || estate.price || 0;
  const status = estate.saleStatusLabel || estate.saleStatus || '';
  const kind = estate.propertyType || estate.typeNames?.[0] || '';
  const where = [estate.regionName, estate.address].filter(Boolean).join(' · ');
  const tags = (estate.tags ?? []).slice(0, 3);
  return (
    <AppLink href={estate.url || `/xinfang/${encodeURIComponent(String(estate.houseId))}.html`} className="lcard">
      <div className="lcard__media">
        <LazyImage className="lcard__img" src={estate.img} alt={estate.name} width={120} height={90} />
        {kind ? <span className="lcard__badge">{kind}</span> : null}
      </div>
      <div className="lcard__body">
        <h3 className="lcard__title">
          {estate.name}
          {status ? <span className={`status status--${statusTone(status)}`}>{status}</span> : null}
        </h3>
        {where || estate.areaRange ? <p className="lcard__facts">{[where, estate.areaRange].filter(Boolean).join(' | ')}</p> : null}
        {tags.length ? (
          <p className="lcard__tags">
            {tags.map((t, i) => (
              <span key={t} className={`tag${i === 0 ? ' tag--hl' : ''}`}>
                {t}
              </span>
            ))}
          </p>
        ) : null}
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
      </div>
    </AppLink>
  );
}

function statusTone(status: string): 'on' | 'soon' | 'off' {
  if (/在售|现房|期房|尾房/.test(status)) return 'on';
  if (/待售|即将/.test(status)) return 'soon';
  return 'off';
}
