import type { AboutUsData } from '../../src/contracts/page-data/apph5.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';

/** /aboutUs: the company, its stores of the city with addresses and phones, its service commitments, contacts. */
export default function AboutUsPage({ data }: PageProps<AboutUsData>) {
  const { site, city } = useAppState();
  return (
    <div className="sg-page">
      <section className="card sg-hero">
        <h1>关于我们</h1>
        <p className="sg-hero__brand">{site.brand} · 真房源 · 放心交易</p>
        <p>
          {`${site.brand}是一家扎根${city.selectCityName}的房产服务平台，提供新房、二手房、租房、商铺写字楼买卖与租赁服务。`}
          {'我们坚持真房源、透明收费、资金安全，以线下门店与线上平台结合的方式，为每一位客户提供放心的购房、租房体验。'}
        </p>
        <dl className="sg-facts">
          <div>
            <dt>{city.selectCityName}门店</dt>
            <dd>{data.storeTotal}家</dd>
          </div>
          <div>
            <dt>服务承诺</dt>
            <dd>{data.commitments.length}项</dd>
          </div>
        </dl>
      </section>
      <section className="card sg-sec">
        <h2 className="sg-sec__title">服务承诺</h2>
        <ul className="sg-commit">
          {data.commitments.map((c) => (
            <li key={c.id}>
              <AppLink href={`/commitment/${c.id}`}>
                <b>{c.title}</b>
                <span>{c.summary}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="card sg-sec">
        <h2 className="sg-sec__title">
          {city.selectCityName}门店（{data.storeTotal}家）
        </h2>
        <ul className="sg-stores">
          {data.stores.map((s) => (
            <li key={s.storeId} data-testid="store">
              <AppLink href={`/mendian/${s.storeId}.html`} className="sg-stores__name">
                {s.name}
              </AppLink>
              <span className="sg-stores__addr">{s.address}</span>
              <span className="sg-stores__meta">
                {s.hours ? `营业时间 ${s.hours} · ` : ''}
                <a href={`tel:${s.phone}`}>{s.phone}</a>
              </span>
            </li>
          ))}
        </ul>
        {data.storeTotal > data.stores.length ? (
          <AppLink href="/mendian/" className="sg-more">
            查看全部门店 ›
          </AppLink>
        ) : null}
      </section>
      <section className="card sg-sec">
        <h2 className="sg-sec__title">联系我们</h2>
        <ul className="sg-contact">
          <li>
            <span>服务热线</span>
            <a href={`tel:${data.servicePhone}`}>{data.servicePhone}</a>
          </li>
          <li>
            <span>监督电话</span>
            <a href={`tel:${data.supervisionPhone}`}>{data.supervisionPhone}</a>
          </li>
          <li>
            <span>意见反馈</span>
            <AppLink href="/yonghufankui/">提交反馈 ›</AppLink>
          </li>
          <li>
            <span>加盟合作</span>
            <AppLink href="/daili">加盟与代理 ›</AppLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
