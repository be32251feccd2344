import type { Promotion } from '../../src/contracts/gateway/index.ts';
import type { AdverData } from '../../src/contracts/page-data/campaign.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { groupDigits, num } from '../../src/ui/paths.ts';

/** A click on a promoted item is counted (api/huoDongTG/install); the link goes on at once. */
function track(p: Promotion, targetId: number) {
  fetch('/-/adver/click', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ promotionId: p.id, type: p.type, targetId }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

function AdCard({ p }: { p: Promotion }) {
  if (p.loupan) {
    const l = p.loupan;
    return (
      <AppLink href={`/xinfang/${l.houseId}.html`} className="ad-card" data-testid="ad-item" onClick={() => track(p, l.houseId)}>
        <div className="ad-card__media">
          <LazyImage src={l.img} alt={l.name} width={343} height={180} className="ad-card__img" />
          <span className="ad-card__mark">广告</span>
        </div>
        <div className="ad-card__body">
          <b className="ad-card__name">{l.name}</b>
          <span className="ad-card__slogan">{p.slogan}</span>
          <span className="ad-card__facts">
            新房 · {l.regionName ?? ''} · {l.saleStatusLabel}
          </span>
          <span className="ad-card__price">{l.price ? `${groupDigits(l.price)}元/㎡` : '价格待定'}</span>
        </div>
      </AppLink>
    );
  }
  if (p.listing) {
    const l = p.listing;
    return (
      <AppLink
        href={`/ershoufang/${l.houseId}.html`}
        className="ad-card ad-card--row"
        data-testid="ad-item"
        onClick={() => track(p, l.houseId)}
      >
        <div className="ad-card__media">
          <LazyImage src={l.img} alt={l.title} width={120} height={90} className="ad-card__img" />
          <span className="ad-card__mark">广告</span>
        </div>
        <div className="ad-card__body">
          <b className="ad-card__name">{l.title}</b>
          <span className="ad-card__slogan">{p.slogan}</span>
          <span className="ad-card__facts">
            二手房 · {l.huxing} · {num(l.area)}㎡ · {l.xiaoquName ?? l.regionName ?? ''}
          </span>
          <span className="ad-card__price">
            {num(l.price)}万<small>{groupDigits(l.unitPrice)}元/㎡</small>
          </span>
        </div>
      </AppLink>
    );
  }
  return null;
}

/** /adver: promoted estates and listings, each marked 广告, linking to their own detail pages. */
export default function AdverPage({ data }: PageProps<AdverData>) {
  const estates = data.promotions.filter((p) => p.loupan);
  const listings = data.promotions.filter((p) => p.listing);
  return (
    <div className="ad">
      <header className="ad__head">
        <h1>精选推广</h1>
        <p>以下内容为推广信息，房源与楼盘信息以详情页为准</p>
      </header>
      {data.banners.length ? (
        <div className="ad__banners">
          {data.banners.map((b) => (
            <AppLink key={b.id} href={b.link} className="ad__banner">
              <img src={b.img} alt={b.title} width={750} height={360} />
              <span className="ad-card__mark">广告</span>
              <b>{b.title}</b>
            </AppLink>
          ))}
        </div>
      ) : null}
      {estates.length ? (
        <section className="ad__sec">
          <h2>推广楼盘</h2>
          {estates.map((p) => (
            <AdCard key={p.id} p={p} />
          ))}
        </section>
      ) : null}
      {listings.length ? (
        <section className="ad__sec">
          <h2>推广房源</h2>
          {listings.map((p) => (
            <AdCard key={p.id} p={p} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
