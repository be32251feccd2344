import type { XinfangDetailData } from '../../contracts/page-data/xinfang.ts';
import { loupanTypeName } from '../../lib/loupan-types.ts';
import { planStatusLabel } from '../../lib/sale-status.ts';
import { Streamed } from '../../render/deferred.ts';
import { AppLink } from '../AppLink.tsx';
import { DetailBlock } from '../detail/parts.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { groupDigits } from '../paths.ts';

/**
 * The estate page right under its key facts: prices by property type and the floor plans. Its own chunk, loaded when
 * it comes into view (pages/xinfang/detail.tsx; issue 35 part 4); the rest of the page is XinfangDetailMore.
 */
export function XinfangDetailPlans({ data }: { data: XinfangDetailData }) {
  const { estate: e } = data;
  const id = e.houseId;
  return (
    <>
      {data.prices.length ? (
        <DetailBlock title="各物业类型价格">
          <table className="xf-prices">
            <thead>
              <tr>
                <th>物业类型</th>
                <th>参考均价</th>
              </tr>
            </thead>
            <tbody>
              {data.prices.map((p) => (
                <tr key={p.type}>
                  <td>{loupanTypeName(p.type) || p.typeName}</td>
                  <td className="xf-prices__v" data-price={p.price}>
                    {p.price ? `${groupDigits(p.price)}元/㎡` : '待定'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </DetailBlock>
      ) : null}
      {e.huxingList?.length ? (
        <DetailBlock title={`户型（${e.huxingList.length}）`} more={{ href: `/huxing/lp${id}/`, label: '全部户型' }} id="huxing">
          <Streamed value={data.huxingStats}>
            {(stats) =>
              stats.length ? (
                <p className="xf-hxstats">
                  {stats.map((s) => (
                    <AppLink key={s.rooms} href={`/huxing/lp${id}/l${s.rooms}/`} className="xf-chip">
                      {s.rooms}室({s.count})
                    </AppLink>
                  ))}
                </p>
              ) : null
            }
          </Streamed>
          <ul className="xf-hxrow">
            {e.huxingList.map((h) => (
              <li key={h.huxingId} className="xf-hxrow__item">
                <AppLink href={`/huxing/${h.huxingId}.html`} className="xf-hx">
                  <span className="xf-hx__media">
                    <LazyImage className="xf-hx__img" src={h.img} alt={`${e.name}${h.name}`} width={140} height={105} />
                    <span className={`xf-hx__st${h.status === '在售' ? ' is-on' : ''}`}>{planStatusLabel(h.status)}</span>
                  </span>
                  <span className="xf-hx__name">
                    {h.name} {h.huxing}
                  </span>
                  <span className="xf-hx__meta">
                    建面{h.area}㎡ · {h.orientation}
                  </span>
                  <span className="xf-hx__price">约{h.totalPrice}万/套</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </DetailBlock>
      ) : null}
    </>
  );
}
