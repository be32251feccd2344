import { useState } from 'react';
import type { MendianListData } from '../../contracts/page-data/mendian.ts';
import { AppLink } from '../AppLink.tsx';
import { SearchIcon } from '../icons.tsx';
import { FIRST_SCREEN_CARDS } from '../LazyImage.tsx';
import { Pagination } from '../list/Pagination.tsx';
import { StoreCard } from './parts.tsx';

/**
 * Nearest first (issue 17 part B): the browser asks for the visitor's position and reloads the list with it rounded
 * to about 1 km (`?lat=&lng=`); the server then orders the stores by distance. Without it the order is by listings.
 */
function NearestButton({ near }: { near: boolean }) {
  const [state, setState] = useState<'idle' | 'asking' | 'denied'>('idle');
  if (near) return <span className="md-near md-near--on">已按距离排序</span>;
  const ask = () => {
    if (!('geolocation' in navigator)) return setState('denied');
    setState('asking');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const url = new URL(window.location.href);
        url.searchParams.set('lat', p.coords.latitude.toFixed(2));
        url.searchParams.set('lng', p.coords.longitude.toFixed(2));
        window.location.assign(url.toString());
      },
      () => setState('denied'),
      { timeout: 8000, maximumAge: 600_000 },
    );
  };
  return (
    <button type="button" className="md-near" onClick={ask} disabled={state === 'asking'}>
      {state === 'asking' ? '正在定位…' : state === 'denied' ? '无法定位，按房源数排序' : '离我最近'}
    </button>
  );
}

/** The store list: search, districts, the count, the store cards and the page links. */
export function MendianListView({ data }: { data: MendianListData }) {
  const current = data.regions.find((r) => r.regionId === data.query.regionId);
  return (
    <div className="lst md-list">
      <div className="lst__top">
        <form className="lst__search" action="/mendian/search" method="get" role="search">
          <SearchIcon size={18} />
          <input type="search" name="keyword" placeholder="请输入门店名称或区域" aria-label="搜索门店" maxLength={40} />
          <button type="submit">搜索</button>
        </form>
      </div>
      <nav className="md-regions" aria-label="按区域查找门店">
        <AppLink href="/mendian/" className={current ? undefined : 'md-regions__on'}>
          全部
        </AppLink>
        {data.regions.map((r) => (
          <AppLink key={r.regionId} href={r.href} className={r === current ? 'md-regions__on' : undefined}>
            {r.regionName}
          </AppLink>
        ))}
      </nav>
      <div className="lst__count md-count">
        <span>
          <h1 className="lst__h1">{data.heading}</h1> 共<b data-testid="total">{data.total}</b>家
        </span>
        <NearestButton near={data.near} />
      </div>
      {data.items.length ? (
        <ul className="md-cards" data-testid="store-list">
          {data.items.map((s, i) => (
            <li key={s.storeId}>
              <StoreCard store={s} eager={i < FIRST_SCREEN_CARDS} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="lst__empty">
          <p>该区域暂无门店</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href="/mendian/">
              查看全部门店
            </AppLink>
          </p>
        </div>
      )}
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => `${current?.href ?? '/mendian/'}${n > 1 ? `pg${n}/` : ''}`}
      />
    </div>
  );
}
