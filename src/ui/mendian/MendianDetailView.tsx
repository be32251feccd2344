import type { MendianDetailData, StoreAgent } from '../../contracts/page-data/mendian.ts';
import { AppLink } from '../AppLink.tsx';
import { telHref } from '../detail/links.ts';
import { DetailBlock } from '../detail/parts.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { ListingCard } from '../ListingCard.tsx';
import { LocationMap } from '../map/LocationMap.tsx';
import { NewsList, StoreHead, StoreTabs, XiaoquRows } from './parts.tsx';

function AgentRow({ a }: { a: StoreAgent }) {
  return (
    <li className="md-agent">
      <AppLink className="md-agent__link" href={`/broker/${a.belongerId}`}>
        <LazyImage className="md-agent__img" src={a.portrait} alt={a.name} width={48} height={48} />
        <span className="md-agent__body">
          <strong>{a.name}</strong>
          <span>
            {a.title} · 从业{a.years}年 · 成交{a.dealCount}套
          </span>
        </span>
      </AppLink>
      <a className="md-agent__call" href={telHref(a.phone)} aria-label={`电话 经纪人${a.name}`}>
        电话
      </a>
    </li>
  );
}

/** /mendian/{id}.html: the store's address and hours, its map, phone, agents, listings, communities and news. */
export function MendianDetailView({ data }: { data: MendianDetailData }) {
  const s = data.store;
  const id = s.storeId;
  return (
    <article className="md-detail">
      <LazyImage className="md-detail__img" src={s.img} alt={s.name} width={375} height={200} eager />
      <StoreHead store={s} listHref={data.listHref}>
        <p className="md-head__stats">
          经纪人<b>{data.agents.length}</b>位 · 在售房源<b>{s.houseNum ?? data.houses.length}</b>套 · 开业于{s.openYear}年 · 店长{s.manager}
        </p>
        <a className="btn btn--primary md-head__call" href={telHref(s.phone)} data-testid="store-call">
          致电门店
        </a>
      </StoreHead>
      <StoreTabs id={id} active="detail" />
      {data.map ? (
        <DetailBlock title="门店位置">
          <LocationMap data={data.map} />
        </DetailBlock>
      ) : null}
      <DetailBlock title={`门店经纪人（${data.agents.length}）`}>
        <ul className="md-agents" data-testid="store-agents">
          {data.agents.map((a) => (
            <AgentRow key={a.belongerId} a={a} />
          ))}
        </ul>
      </DetailBlock>
      <DetailBlock title="在售房源" more={{ href: `/mendian/fangyuan?id=${id}`, label: '查看全部' }}>
        {data.houses.length ? (
          <ul className="lst__list" data-testid="store-houses">
            {data.houses.map((l) => (
              <li key={l.houseId}>
                <ListingCard listing={l} kind="ershoufang" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="md-empty">门店暂无在售房源</p>
        )}
      </DetailBlock>
      {data.xiaoqu.length ? (
        <DetailBlock title="服务小区" more={{ href: `/mendian/xiaoqu?id=${id}`, label: '查看全部' }}>
          <XiaoquRows items={data.xiaoqu} />
        </DetailBlock>
      ) : null}
      {data.news.length ? (
        <DetailBlock title="门店动态" more={{ href: `/mendian/dongtai?id=${id}`, label: '查看全部' }}>
          <NewsList items={data.news} />
        </DetailBlock>
      ) : null}
    </article>
  );
}
