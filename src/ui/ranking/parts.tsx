import type { ReactNode } from 'react';
import type {
  ArticleLink,
  DistrictFigures,
  QuestionLink,
  RankEntry,
  RankingBoard,
  RankLoupan,
  RankXiaoqu,
} from '../../contracts/page-data/ranking.ts';
import { loupanTypeNames } from '../../lib/loupan-types.ts';
import { districtRankingHref, rankingHref } from '../../lib/rankings.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';
import { groupDigits } from '../paths.ts';
import { PriceRatio } from '../xiaoqu/XiaoquCard.tsx';
import { SaleBadge } from '../xinfang/SaleBadge.tsx';

/** The parts of the rankings, topics and discovery pages (issue 15 part C). */

/** The heading band of these pages. */
export function RkHero({ title, sub, children }: { title: string; sub?: ReactNode; children?: ReactNode }) {
  return (
    <section className="rk-hero">
      <h1 className="rk-hero__title">{title}</h1>
      {sub ? <p className="rk-hero__sub">{sub}</p> : null}
      {children}
    </section>
  );
}

/** A white section with a title and an optional “more” link. */
export function RkSection({
  title,
  more,
  testId,
  children,
}: {
  title: string;
  more?: { href: string; label: string } | null;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="card block rk-sec" data-testid={testId}>
      <div className="block__head">
        <h2 className="block__title">{title}</h2>
        {more ? (
          <AppLink href={more.href} className="block__more">
            {more.label} ›
          </AppLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function XiaoquRow({ e, figure }: { e: RankXiaoqu; figure: RankingBoard['figure'] }) {
  return (
    <AppLink href={`/xiaoqu/${e.stressId}.html`} className="rk-row" data-testid="rank-row">
      <span className={`rk-row__no${e.rank <= 3 ? ' is-top' : ''}`}>{e.rank}</span>
      <LazyImage className="rk-row__img" src={e.img} alt={e.name} width={72} height={54} />
      <span className="rk-row__body">
        <span className="rk-row__name" data-testid="rank-name">
          {e.name}
        </span>
        <span className="rk-row__meta">{e.where}</span>
        <span className="rk-row__fig">
          <b data-testid="rank-price">{e.avgPrice > 0 ? groupDigits(e.avgPrice) : '暂无'}</b>
          {e.avgPrice > 0 ? '元/㎡' : ''} <PriceRatio ratio={e.ratio} />
        </span>
      </span>
      {figure === 'views' ? (
        <span className="rk-row__side">
          <b data-testid="rank-views">{e.viewNum}</b>人关注
        </span>
      ) : null}
    </AppLink>
  );
}

function LoupanRow({ e, figure }: { e: RankLoupan; figure: RankingBoard['figure'] }) {
  const meta = [[e.regionName, e.shopMapName].filter(Boolean).join(' '), loupanTypeNames(e.typeCodes).join('/')].filter(Boolean);
  return (
    <AppLink href={`/xinfang/${e.houseId}.html`} className="rk-row" data-testid="rank-row">
      <span className={`rk-row__no${e.rank <= 3 ? ' is-top' : ''}`}>{e.rank}</span>
      <LazyImage className="rk-row__img" src={e.img} alt={e.name} width={72} height={54} />
      <span className="rk-row__body">
        <span className="rk-row__name">
          <span data-testid="rank-name">{e.name}</span> <SaleBadge status={e.saleStatus} />
        </span>
        <span className="rk-row__meta">{meta.join(' | ')}</span>
        <span className="rk-row__fig">
          {e.price > 0 ? (
            <>
              <b data-testid="rank-price">{groupDigits(e.price)}</b>元/㎡
            </>
          ) : (
            <b className="rk-row__tbd">价格待定</b>
          )}
        </span>
      </span>
      {figure === 'views' ? (
        <span className="rk-row__side">
          <b data-testid="rank-views">{e.viewNum}</b>人关注
        </span>
      ) : null}
    </AppLink>
  );
}

export function RankRow({ entry, figure }: { entry: RankEntry; figure: RankingBoard['figure'] }) {
  return entry.kind === 'xiaoqu' ? <XiaoquRow e={entry} figure={figure} /> : <LoupanRow e={entry} figure={figure} />;
}

/** A ranking's entries, numbered. */
export function RankList({ board, testId = 'rank-list' }: { board: RankingBoard; testId?: string }) {
  if (board.failed) return <p className="rk-empty">榜单暂时无法加载，请稍后再试</p>;
  if (!board.entries.length) return <p className="rk-empty">本期暂无上榜</p>;
  return (
    <ol className="rk-list" data-testid={testId}>
      {board.entries.map((e) => (
        <li key={e.kind === 'xiaoqu' ? `x${e.stressId}` : `l${e.houseId}`}>
          <RankRow entry={e} figure={board.figure} />
        </li>
      ))}
    </ol>
  );
}

/** A ranking as a section with a link to the full ranking. */
export function BoardSection({ board, title }: { board: RankingBoard; title?: string }) {
  return (
    <RkSection title={title ?? board.name} more={{ href: rankingHref(board), label: '完整榜单' }} testId={`board-${board.slug}`}>
      <p className="rk-rule">{board.rule}</p>
      <RankList board={board} />
    </RkSection>
  );
}

/** The districts with their price, change and deals, each a link to its rankings. */
export function DistrictTable({ districts }: { districts: DistrictFigures[] }) {
  return (
    <table className="rk-table" data-testid="district-table">
      <thead>
        <tr>
          <th scope="col">区县</th>
          <th scope="col">均价(元/㎡)</th>
          <th scope="col">环比</th>
          <th scope="col">成交(套)</th>
        </tr>
      </thead>
      <tbody>
        {districts.map((d) => (
          <tr key={d.regionId}>
            <th scope="row">
              <AppLink href={districtRankingHref(d.regionId)}>{d.regionName}</AppLink>
            </th>
            <td>{groupDigits(d.avgPrice)}</td>
            <td className={d.ratio > 0 ? 'is-up' : d.ratio < 0 ? 'is-down' : ''}>
              {d.ratio > 0 ? '+' : ''}
              {d.ratio.toFixed(2)}%
            </td>
            <td>{d.deals}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Horizontal chips: the city's districts or rankings, the current one marked. */
export function Chips({ items, current }: { items: Array<{ href: string; label: string }>; current?: string }) {
  return (
    <nav className="rk-chips">
      {items.map((it) => (
        <AppLink key={it.href} href={it.href} className={`rk-chip${it.href === current ? ' is-on' : ''}`}>
          {it.label}
        </AppLink>
      ))}
    </nav>
  );
}

/** An article in a list: links to the news page by its canonical URL. */
export function ArticleRow({ a }: { a: ArticleLink }) {
  return (
    <AppLink href={`/zixun/${a.id}.html`} className="rk-article" data-testid="article-link">
      <span className="rk-article__body">
        <span className="rk-article__title">{a.title}</span>
        <span className="rk-article__meta">
          {a.createdAt.slice(0, 10)} · {a.viewNum}阅读
        </span>
      </span>
      <LazyImage className="rk-article__img" src={a.cover} alt={a.title} width={96} height={72} />
    </AppLink>
  );
}

/** A question: links to the Q&A page by its canonical URL. */
export function QuestionRow({ q }: { q: QuestionLink }) {
  return (
    <AppLink href={`/wenda/${q.id}.html`} className="rk-question" data-testid="question-link">
      <span className="rk-question__mark">问</span>
      <span className="rk-question__title">{q.title}</span>
      <span className="rk-question__meta">{q.answerCount}个回答</span>
    </AppLink>
  );
}
