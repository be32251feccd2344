import type {
  MendianDongtaiData,
  MendianFangyuanData,
  MendianLicenseData,
  MendianSearchData,
  MendianXiaoquData,
} from '../../contracts/page-data/mendian.ts';
import { AppLink } from '../AppLink.tsx';
import { SearchIcon } from '../icons.tsx';
import { ListingCard } from '../ListingCard.tsx';
import { Pagination } from '../list/Pagination.tsx';
import { NewsList, StoreCard, StoreHead, StoreTabs, XiaoquRows } from './parts.tsx';

const pagedHref = (path: string, id: number, n: number, extra = '') => `${path}?id=${id}${extra}${n > 1 ? `&page=${n}` : ''}`;

/** /mendian/fangyuan?id=: the store's listings, second-hand or rentals, paged. */
export function MendianFangyuanView({ data }: { data: MendianFangyuanData }) {
  const id = data.store.storeId;
  const extra = data.kind === 'zufang' ? '&kind=zufang' : '';
  return (
    <div className="md-sub">
      <StoreHead store={data.store} title="房源" listHref={data.listHref} />
      <StoreTabs id={id} active="fangyuan" />
      <nav className="md-kinds">
        <AppLink href={`/mendian/fangyuan?id=${id}`} className={data.kind === 'ershoufang' ? 'md-kinds__on' : undefined}>
          二手房
        </AppLink>
        <AppLink href={`/mendian/fangyuan?id=${id}&kind=zufang`} className={data.kind === 'zufang' ? 'md-kinds__on' : undefined}>
          租房
        </AppLink>
        <span className="md-kinds__count">
          共<b data-testid="total">{data.total}</b>套
        </span>
      </nav>
      {data.items.length ? (
        <ul className="lst__list" data-testid="store-houses">
          {data.items.map((l) => (
            <li key={l.houseId}>
              <ListingCard listing={l} kind={data.kind} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="md-empty">门店暂无{data.kind === 'zufang' ? '出租' : '在售'}房源</p>
      )}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => pagedHref('/mendian/fangyuan', id, n, extra)} />
    </div>
  );
}

/** /mendian/xiaoqu?id=: the communities the store serves. */
export function MendianXiaoquView({ data }: { data: MendianXiaoquData }) {
  const id = data.store.storeId;
  return (
    <div className="md-sub">
      <StoreHead store={data.store} title="服务小区" listHref={data.listHref} />
      <StoreTabs id={id} active="xiaoqu" />
      <p className="md-sub__count">
        门店重点服务<b data-testid="total">{data.total}</b>个小区
      </p>
      {data.items.length ? <XiaoquRows items={data.items} /> : <p className="md-empty">暂无服务小区</p>}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => pagedHref('/mendian/xiaoqu', id, n)} />
    </div>
  );
}

/** /mendian/dongtai?id=: the store's news and deals. */
export function MendianDongtaiView({ data }: { data: MendianDongtaiData }) {
  const id = data.store.storeId;
  return (
    <div className="md-sub">
      <StoreHead store={data.store} title="动态" listHref={data.listHref} />
      <StoreTabs id={id} active="dongtai" />
      {data.items.length ? <NewsList items={data.items} /> : <p className="md-empty">暂无门店动态</p>}
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => pagedHref('/mendian/dongtai', id, n)} />
    </div>
  );
}

/** /mendian/license?id=: the business licence and the agency filing, as images the site serves and as text. */
export function MendianLicenseView({ data }: { data: MendianLicenseData }) {
  const s = data.store;
  return (
    <div className="md-sub">
      <StoreHead store={s} title="资质" listHref={data.listHref} />
      <StoreTabs id={s.storeId} active="license" />
      <section className="md-cert" data-testid="store-license">
        <h2>营业执照</h2>
        <img src={data.licenseImg} alt={`${s.company ?? s.name}营业执照`} width={320} height={240} loading="lazy" />
        <dl className="md-facts">
          <dt>名称</dt>
          <dd>{s.company ?? s.name}</dd>
          <dt>执照编号</dt>
          <dd>{s.licenseNo}</dd>
          <dt>负责人</dt>
          <dd>{s.manager}</dd>
          <dt>经营场所</dt>
          <dd>{s.address}</dd>
          <dt>成立年份</dt>
          <dd>{s.openYear}年</dd>
        </dl>
      </section>
      <section className="md-cert">
        <h2>房地产经纪机构备案</h2>
        <img src={data.filingImg} alt={`${s.name}经纪机构备案证明`} width={320} height={240} loading="lazy" />
        <dl className="md-facts">
          <dt>备案号</dt>
          <dd>{s.filingNo}</dd>
          <dt>备案门店</dt>
          <dd>{s.name}</dd>
        </dl>
      </section>
    </div>
  );
}

/** /mendian/search: find a store by name, address or district. */
export function MendianSearchView({ data }: { data: MendianSearchData }) {
  return (
    <div className="lst md-list">
      <div className="lst__top">
        <form className="lst__search" action="/mendian/search" method="get" role="search">
          <SearchIcon size={18} />
          <input
            type="search"
            name="keyword"
            defaultValue={data.keyword}
            placeholder="请输入门店名称、地址或区域"
            aria-label="搜索门店"
            maxLength={40}
          />
          <button type="submit">搜索</button>
        </form>
      </div>
      <h1 className="md-search__h1">{data.keyword ? `“${data.keyword}”相关门店` : '搜索门店'}</h1>
      {data.keyword ? (
        data.items.length ? (
          <>
            <p className="md-sub__count">
              找到<b data-testid="total">{data.total}</b>家门店
            </p>
            <ul className="md-cards" data-testid="store-list">
              {data.items.map((s) => (
                <li key={s.storeId}>
                  <StoreCard store={s} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="md-empty">没有找到相关门店，换个关键词或按区域查找</p>
        )
      ) : null}
      <h2 className="md-search__h2">按区域查找</h2>
      <nav className="md-regions md-regions--wrap">
        {data.regions.map((r) => (
          <AppLink key={r.regionId} href={r.href}>
            {r.regionName}
          </AppLink>
        ))}
      </nav>
    </div>
  );
}
