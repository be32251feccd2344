import type { BrokerDetailData, BrokerListData } from '../../src/contracts/page-data/broker.ts';
import { kindOfHouseType } from '../../src/lib/listing-kinds.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { BrokerCard, BrokerRow } from '../../src/ui/broker/BrokerCard.tsx';
import { EstateCard, ListingCard } from '../../src/ui/ListingCard.tsx';

const day = (s: string) => s.slice(0, 10);
const stars = (n: number) => '★★★★★'.slice(0, n) + '☆☆☆☆☆'.slice(0, 5 - n);

function BrokerDetail({ data }: { data: BrokerDetailData }) {
  const { agent } = data;
  return (
    <div className="bk-page">
      <BrokerCard agent={agent} reviewAverage={data.reviewAverage} reviewTotal={data.reviewTotal} />
      <section className="card bk-sec" data-testid="broker-listings">
        <h2 className="bk-sec__title">在售房源</h2>
        {data.kinds.length ? (
          data.kinds.map((k) => (
            <div key={k.houseType} className="bk-kind" data-kind={k.houseType}>
              <h3 className="bk-kind__title">
                {k.label}
                <small>{`（${k.count}套）`}</small>
              </h3>
              {k.estates.map((e) => (
                <EstateCard key={e.houseId} estate={e} />
              ))}
              {k.listings.map((l) => (
                <ListingCard key={l.houseId} listing={l} kind={kindOfHouseType(k.houseType)} />
              ))}
            </div>
          ))
        ) : (
          <p className="bk-empty">暂无在售房源</p>
        )}
      </section>
      <section className="card bk-sec" data-testid="broker-viewings">
        <h2 className="bk-sec__title">
          带看记录<small>{`（共${data.viewingTotal}次）`}</small>
        </h2>
        {data.viewings.length ? (
          <ul className="bk-list">
            {data.viewings.map((v) => (
              <li key={v.id}>
                <p>
                  <b>{v.customer}</b> 看了 {v.title ? <AppLink href={`/ershoufang/${v.houseId}.html`}>{v.title}</AppLink> : '房源'}
                </p>
                {v.remark ? <p className="bk-list__text">{v.remark}</p> : null}
                <time>{day(v.createdAt)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bk-empty">暂无带看记录</p>
        )}
      </section>
      <section className="card bk-sec" data-testid="broker-comments">
        <h2 className="bk-sec__title">房源点评</h2>
        {data.comments.length ? (
          <ul className="bk-list">
            {data.comments.map((c) => (
              <li key={c.id}>
                <AppLink href={`/ershoufang/${c.houseId}.html`}>{c.title}</AppLink>
                <p className="bk-list__text">{c.content}</p>
                <time>{day(c.createdAt)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bk-empty">暂无房源点评</p>
        )}
      </section>
      <section className="card bk-sec" data-testid="broker-reviews">
        <h2 className="bk-sec__title">
          用户评价<small>{`（${data.reviewTotal}条）`}</small>
        </h2>
        {data.reviews.length ? (
          <ul className="bk-list">
            {data.reviews.map((r) => (
              <li key={r.id}>
                <p>
                  <b>{r.nickName || '匿名用户'}</b> <span className="bk-stars">{stars(r.score)}</span>
                </p>
                <p className="bk-list__text">{r.content}</p>
                <time>{day(r.createdAt)}</time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="bk-empty">暂无评价，快来评价TA吧</p>
        )}
        <AppLink className="bk-more" href={`/dianping/${agent.belongerId}`}>
          评价经纪人
        </AppLink>
      </section>
      {data.recommend.length ? (
        <section className="card bk-sec">
          <h2 className="bk-sec__title">推荐经纪人</h2>
          {data.recommend.map((b) => (
            <BrokerRow key={b.belongerId} agent={b} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

function BrokerList({ data }: { data: BrokerListData }) {
  const href = (n: number) => {
    const s = new URLSearchParams();
    if (data.storeId) s.set('storeId', String(data.storeId));
    if (data.regionId) s.set('regionId', String(data.regionId));
    if (n > 1) s.set('page', String(n));
    const q = s.toString();
    return q ? `/broker/?${q}` : '/broker/';
  };
  return (
    <div className="bk-page">
      <section className="card bk-sec">
        <h1 className="bk-sec__title">
          房产经纪人<small data-testid="total">{data.total}</small>
          <small>位</small>
        </h1>
        {data.regions.length ? (
          <nav className="bk-regions" aria-label="按区域">
            <AppLink href="/broker/" className={data.regionId ? '' : 'is-on'}>
              全部
            </AppLink>
            {data.regions.map((r) => (
              <AppLink key={r.regionId} href={`/broker/?regionId=${r.regionId}`} className={data.regionId === r.regionId ? 'is-on' : ''}>
                {r.regionName}
              </AppLink>
            ))}
          </nav>
        ) : null}
        {data.agents.map((b) => (
          <BrokerRow key={b.belongerId} agent={b} />
        ))}
        {data.agents.length ? null : <p className="bk-empty">暂无经纪人</p>}
        <nav className="bk-pager" aria-label="翻页">
          {data.page > 1 ? <AppLink href={href(data.page - 1)}>上一页</AppLink> : <span />}
          <span>{`${data.page}/${data.totalPages}`}</span>
          {data.page < data.totalPages ? <AppLink href={href(data.page + 1)}>下一页</AppLink> : <span />}
        </nav>
      </section>
    </div>
  );
}

/** /broker/{id}, /broker/details?id=: the agent's page; /broker/: the city's agents. */
export default function BrokerPage({ data }: PageProps<BrokerDetailData | BrokerListData>) {
  return 'agent' in data ? <BrokerDetail data={data} /> : <BrokerList data={data} />;
}
