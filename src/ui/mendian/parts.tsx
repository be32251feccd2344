import type { ReactNode } from 'react';
import type { StoreNews, StoreXiaoqu } from '../../contracts/gateway/index.ts';
import type { StoreCard as StoreData } from '../../contracts/page-data/mendian.ts';
import { AppLink } from '../AppLink.tsx';
import { telHref } from '../detail/links.ts';
import { LazyImage } from '../LazyImage.tsx';
import { groupDigits } from '../paths.ts';

export const storeHref = (id: number): string => `/mendian/${id}.html`;

const distanceText = (m: number): string => (m < 1000 ? `${m}m` : `${(m / 1000).toFixed(1)}km`);

/** A store in a list: picture, name, district, address, hours, agents and listings, and a call button. */
export function StoreCard({ store: s, eager }: { store: StoreData; eager?: boolean }) {
  return (
    <article className="md-card">
      <AppLink className="md-card__link" href={storeHref(s.storeId)}>
        <LazyImage className="md-card__img" src={s.img} alt={s.name} width={96} height={72} eager={eager} />
        <div className="md-card__body">
          <h3 className="md-card__name">{s.name}</h3>
          <p className="md-card__addr">
            {[s.regionName, s.shopMapName].filter(Boolean).join(' · ')}
            {typeof s.distance === 'number' ? <span className="md-card__dist">距您{distanceText(s.distance)}</span> : null}
          </p>
          <p className="md-card__addr">{s.address}</p>
          <p className="md-card__stats">
            {[
              typeof s.belongerNum === 'number' ? `经纪人${s.belongerNum}位` : '',
              typeof s.houseNum === 'number' ? `在售房源${s.houseNum}套` : '',
              s.hours ? `营业${s.hours}` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </AppLink>
      <a className="md-card__call" href={telHref(s.phone)} aria-label={`电话 ${s.name}`}>
        电话
      </a>
    </article>
  );
}

/** The store's tabs: 门店, 房源, 小区, 动态, 资质. */
export function StoreTabs({ id, active }: { id: number; active: 'detail' | 'fangyuan' | 'xiaoqu' | 'dongtai' | 'license' }) {
  const tabs = [
    ['detail', '门店', storeHref(id)],
    ['fangyuan', '房源', `/mendian/fangyuan?id=${id}`],
    ['xiaoqu', '小区', `/mendian/xiaoqu?id=${id}`],
    ['dongtai', '动态', `/mendian/dongtai?id=${id}`],
    ['license', '资质', `/mendian/license?id=${id}`],
  ] as const;
  return (
    <nav className="md-tabs" aria-label="门店栏目">
      {tabs.map(([key, label, href]) => (
        <AppLink
          key={key}
          href={href}
          className={key === active ? 'md-tabs__on' : undefined}
          aria-current={key === active ? 'page' : undefined}
        >
          {label}
        </AppLink>
      ))}
    </nav>
  );
}

/** The head of every store page: name, district, address, hours, phone. */
export function StoreHead({
  store: s,
  title,
  listHref,
  children,
}: {
  store: StoreData;
  title?: string;
  listHref: string;
  children?: ReactNode;
}) {
  return (
    <header className="md-head">
      <p className="md-head__crumb">
        <AppLink href={listHref}>{s.regionName ? `${s.regionName}门店` : '全部门店'}</AppLink>
        {title ? (
          <>
            {' › '}
            <AppLink href={storeHref(s.storeId)}>{s.name}</AppLink>
          </>
        ) : null}
      </p>
      <h1 className="md-head__name">{title ? `${s.name}${title}` : s.name}</h1>
      <dl className="md-facts">
        <dt>地址</dt>
        <dd data-testid="store-address">{s.address}</dd>
        <dt>营业</dt>
        <dd>{s.hours ?? '09:00-21:00'}（全年无休）</dd>
        <dt>电话</dt>
        <dd>
          <a href={telHref(s.phone)}>{s.phone}</a>
        </dd>
      </dl>
      {children}
    </header>
  );
}

export function NewsList({ items }: { items: readonly StoreNews[] }) {
  return (
    <ul className="md-news" data-testid="store-news">
      {items.map((n) => (
        <li key={n.id} className="md-news__item">
          <span className={n.kind === '成交' ? 'md-news__tag md-news__tag--deal' : 'md-news__tag'}>{n.kind}</span>
          <div>
            <h3 className="md-news__title">{n.houseId ? <AppLink href={`/ershoufang/${n.houseId}.html`}>{n.title}</AppLink> : n.title}</h3>
            <p className="md-news__text">{n.content}</p>
            <time className="md-news__time">{n.createdAt.slice(0, 10)}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function XiaoquRows({ items }: { items: readonly StoreXiaoqu[] }) {
  return (
    <ul className="md-xq" data-testid="store-xiaoqu">
      {items.map((x) => (
        <li key={x.stressId}>
          <AppLink className="md-xq__row" href={`/xiaoqu/${x.stressId}.html`}>
            <LazyImage className="md-xq__img" src={x.img} alt={x.name} width={80} height={60} />
            <div className="md-xq__body">
              <strong>{x.name}</strong>
              <span>{[x.regionName, x.shopMapName].filter(Boolean).join(' · ')}</span>
              <span>
                {x.avgPrice > 0 ? `均价${groupDigits(x.avgPrice)}元/㎡` : '暂无均价'} · 门店房源{x.houseNum}套
              </span>
            </div>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
