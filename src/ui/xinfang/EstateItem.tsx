import { Fragment } from 'react';
import type { LoupanItem } from '../../contracts/gateway/index.ts';
import { loupanTypeNames } from '../../lib/loupan-types.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { mediaBadgesOf, WithMediaBadges } from '../media/MediaBadges.tsx';
import { groupDigits } from '../paths.ts';
import { SaleBadge } from './SaleBadge.tsx';

type EstateLike = Pick<LoupanItem, 'houseId' | 'name' | 'img' | 'price' | 'saleStatus'> &
  Partial<
    Pick<LoupanItem, 'regionName' | 'shopMapName' | 'typeCodes' | 'tags' | 'totalMin' | 'totalMax' | 'hasVr' | 'hasVideo' | 'decoration'>
  >;

type EstateItemProps = { estate: EstateLike; rank?: number; note?: string; eager?: boolean };

/**
 * A new-home estate in a list (Beike 新房 style): photo with VR/视频 marks, name and sale status, place, types, tags, price.
 * The marks link to the estate's VR tour and clips (issue 19).
 */
export function EstateItem(props: EstateItemProps) {
  const { estate } = props;
  const badges = mediaBadgesOf({
    vrUrl: estate.hasVr ? `/xinfang/vr/${estate.houseId}.html` : null,
    videoUrl: estate.hasVideo ? `/xinfang/video/${estate.houseId}.html` : null,
  });
  return (
    <WithMediaBadges badges={badges} variant="xf">
      <EstateItemLink {...props} />
    </WithMediaBadges>
  );
}

function EstateItemLink({ estate, rank, note, eager }: EstateItemProps) {
  const types = loupanTypeNames(estate.typeCodes ?? []);
  const where = [estate.regionName, estate.shopMapName].filter(Boolean).join(' ');
  const total = estate.totalMin ? `总价${Math.round(estate.totalMin)}-${Math.round(estate.totalMax ?? estate.totalMin)}万/套` : '';
  return (
    <AppLink href={`/xinfang/${estate.houseId}.html`} className="xf-item" data-house-id={estate.houseId}>
      <div className="xf-item__media">
        <LazyImage className="xf-item__img" src={estate.img} alt={estate.name} width={112} height={84} eager={eager} />
        {rank ? <span className={`xf-item__rank${rank <= 3 ? ' is-top' : ''}`}>{rank}</span> : null}
      </div>
      <div className="xf-item__body">
        <h3 className="xf-item__title">
          <span className="xf-item__name">{estate.name}</span>
          <SaleBadge status={estate.saleStatus} />
        </h3>
        <EstateMeta where={where} types={types.join('/')} decoration={estate.decoration ?? ''} />
        <p className="xf-item__price">
          {estate.price ? (
            <>
              <strong className="xf-price" data-price={estate.price}>
                {groupDigits(estate.price)}
              </strong>
              <span className="xf-price__unit">元/㎡</span>
            </>
          ) : (
            <strong className="xf-price xf-price--tbd">价格待定</strong>
          )}
          {total && !note ? <span className="xf-item__total">{total}</span> : null}
          {note ? <span className="xf-item__note">{note}</span> : null}
        </p>
        {estate.tags?.length ? (
          <p className="xf-item__tags">
            {estate.tags.slice(0, 3).map((t) => (
              <span key={t} className="xf-tag">
                {t}
              </span>
            ))}
          </p>
        ) : null}
      </div>
    </AppLink>
  );
}

/**
 * Place | types | decoration on one line (issue 34). Only the types, which can run long (住宅/写字楼/其他), give way
 * with an ellipsis; the place and the decoration stay whole. The text reads as before: parts joined by ' | '.
 */
function EstateMeta({ where, types, decoration }: { where: string; types: string; decoration: string }) {
  const parts = [
    { key: 'where', text: where },
    { key: 'types', text: types },
    { key: 'deco', text: decoration },
  ].filter((p) => p.text);
  return (
    <p className="xf-item__meta">
      {parts.map((p, i) => (
        <Fragment key={p.key}>
          {i ? <span className="xf-item__sep"> | </span> : null}
          <span className={`xf-item__${p.key}`} title={p.key === 'types' ? p.text : undefined}>
            {p.text}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
