import type { FangjiaData, FangjiaRow, FangjiaTable } from '../../contracts/page-data/fangjia.ts';
import { AppLink } from '../AppLink.tsx';
import { TrendChart } from '../charts/TrendChart.tsx';
import { DetailBlock } from '../detail/parts.tsx';
import { SimilarListings } from '../detail/SimilarListings.tsx';
import { groupDigits } from '../paths.ts';
import { PriceRatio } from '../xiaoqu/XiaoquCard.tsx';

const monthLabel = (m: string) => `${Number(m.slice(5, 7))}月`;
const priceText = (p: number | null) => (p && p > 0 ? `${groupDigits(p)}元/㎡` : '暂无');

/**
 * A ranking is a table (WCAG 1.3.1): its header row says what each column is, so a screen reader reads "均价
 * 12,656元/㎡, 环比 ↓0.22%" where the list it was read only the figures.
 */
function RankTable({ table }: { table: FangjiaTable }) {
  if (!table.rows.length) return null;
  return (
    <DetailBlock title={table.title}>
      <table className="fj-rank" data-testid="fj-rank">
        <thead>
          <tr className="fj-rank__head">
            <th scope="col" className="fj-rank__no">
              排名
            </th>
            <th scope="col">名称</th>
            <th scope="col">均价</th>
            <th scope="col">环比</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r: FangjiaRow, i) => (
            <tr key={r.id} className={r.id === table.currentId ? 'fj-rank__row fj-rank__row--current' : 'fj-rank__row'}>
              <td className="fj-rank__no">{i + 1}</td>
              <th scope="row" className="fj-rank__place">
                <AppLink className="fj-rank__name" href={r.href}>
                  {r.name}
                  {r.note ? <small className="fj-rank__note">{r.note}</small> : null}
                </AppLink>
              </th>
              <td className="fj-rank__fig">
                <span className="fj-rank__price">{priceText(r.avgPrice)}</span>
              </td>
              <td className="fj-rank__fig">
                <PriceRatio ratio={r.ratio} label="" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </DetailBlock>
  );
}

/** Every /fangjia price page (issue 16): the place's figure and trend, its rankings and members, its listings. */
export function FangjiaView({ data }: { data: FangjiaData }) {
  const heading = data.place
    ? `${data.place.name}房价`
    : data.level === 'search'
      ? '查小区房价'
      : (data.heading ?? data.tables[0]?.title ?? '房价');
  const f = data.figure;
  return (
    <article className="fj">
      <header className="fj-head">
        {data.crumbs.length ? (
          <nav className="fj-crumbs" aria-label="位置">
            {data.crumbs.map((c) => (
              <AppLink key={c.href} href={c.href}>
                {c.name}
              </AppLink>
            ))}
          </nav>
        ) : null}
        <h1 className="fj-head__title">{heading}</h1>
        {f ? (
          <div className="fj-figure" data-testid="fj-figure">
            <p className="fj-figure__label">{f.month} 二手房参考均价</p>
            <p className="fj-figure__price">
              <b>{groupDigits(f.price)}</b> 元/㎡
            </p>
            <p className="fj-figure__ratios">
              <PriceRatio ratio={f.monthRatio} />
              <PriceRatio ratio={f.yearRatio} label="同比去年" />
            </p>
          </div>
        ) : null}
        {data.xiaoquHref ? (
          <AppLink className="fj-head__more" href={data.xiaoquHref}>
            查看小区详情
          </AppLink>
        ) : null}
      </header>
      {data.level === 'search' ? (
        <form className="fj-search" method="get" action="/fangjia/search" role="search">
          <input
            type="search"
            name="keyword"
            defaultValue={data.keyword}
            placeholder="输入小区名称查房价"
            aria-label="小区名称"
            maxLength={40}
          />
          <button type="submit">查房价</button>
        </form>
      ) : null}
      {data.prices.length ? (
        <DetailBlock title="房价走势" id="trend">
          <TrendChart
            points={data.prices.map((p) => ({ label: p.month, value: p.price }))}
            title={data.chartTitle}
            unit="元/㎡"
            axisLabel={monthLabel}
          />
        </DetailBlock>
      ) : null}
      {data.tables.map((t) => (
        <RankTable key={t.title} table={t} />
      ))}
      {data.level === 'search' && data.keyword && !data.tables[0]?.rows.length ? (
        <p className="fj-empty">没有找到名称含“{data.keyword}”的小区，换个名称试试</p>
      ) : null}
      <SimilarListings title="在售二手房" items={data.listings} kind="ershoufang" />
      <nav className="fj-levels" aria-label="按区域查房价">
        {data.levels.map((l) => (
          <AppLink key={l.href} href={l.href}>
            {l.name}
          </AppLink>
        ))}
      </nav>
    </article>
  );
}
