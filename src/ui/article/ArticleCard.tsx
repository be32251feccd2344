import type { ArticleCard as Card } from '../../contracts/page-data/zixun.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

/** The date part of a gateway time `YYYY-MM-DD HH:mm:ss`. */
export const dayOf = (t: string) => t.slice(0, 10);

/** One article in a list: title, summary, type, source, date, views and comments; the cover on the right. */
export function ArticleItem({ card, eager = false }: { card: Card; eager?: boolean }) {
  return (
    <li className="art-item">
      <AppLink href={card.href} className="art-item__link">
        <div className="art-item__text">
          <h3 className="art-item__title">{card.title}</h3>
          <p className="art-item__meta">
            {card.typeName ? <span className="art-item__type">{card.typeName}</span> : null}
            {card.accountName ? <span>{card.accountName}</span> : null}
            <time dateTime={dayOf(card.createdAt)}>{dayOf(card.createdAt).slice(5)}</time>
            <span>{card.commentNum}评</span>
          </p>
        </div>
        <LazyImage className="art-item__img" src={card.cover} alt={card.title} width={112} height={80} eager={eager} />
      </AppLink>
    </li>
  );
}

export function ArticleList({ cards, eagerFirst = 0 }: { cards: Card[]; eagerFirst?: number }) {
  return (
    <ul className="art-list">
      {cards.map((c, i) => (
        <ArticleItem key={c.infoDocId} card={c} eager={i < eagerFirst} />
      ))}
    </ul>
  );
}
