import type { ArticleBlock, InfoFang } from '../../contracts/gateway/info.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

/** An estate the article mentions, as a card linking to its page. */
export function ListingMention({ estate }: { estate: InfoFang }) {
  return (
    <AppLink href={`/xinfang/${estate.houseId}.html`} className="art-fang" data-testid="article-listing">
      <LazyImage className="art-fang__img" src={estate.img} alt={estate.name} width={96} height={72} />
      <span className="art-fang__text">
        <strong className="art-fang__name">{estate.name}</strong>
        <span className="art-fang__place">
          {estate.regionName ?? ''} · {estate.saleStatus}
        </span>
        <span className="art-fang__price">{estate.avgPrice ? `均价 ${estate.avgPrice} 元/㎡` : '价格待定'}</span>
      </span>
    </AppLink>
  );
}

/**
 * The body of an article from its structured blocks (issue 15): headings, paragraphs, pictures and the cards of the
 * estates it mentions. React renders every text as text: nothing here is an HTML string.
 */
export function ArticleBody({ blocks, listings }: { blocks: ArticleBlock[]; listings: InfoFang[] }) {
  const byId = new Map(listings.map((l) => [l.houseId, l]));
  return (
    <div className="art-body">
      {blocks.map((b, i) => {
        const key = `${b.type}${i}`;
        switch (b.type) {
          case 'heading':
            return (
              <h2 key={key} className="art-body__h">
                {b.text}
              </h2>
            );
          case 'paragraph':
            return (
              <p key={key} className="art-body__p">
                {b.text}
              </p>
            );
          case 'image':
            return (
              <figure key={key} className="art-body__fig">
                <LazyImage className="art-body__img" src={b.src} alt={b.alt} width={343} height={229} />
                {b.alt ? <figcaption>{b.alt}</figcaption> : null}
              </figure>
            );
          case 'listing': {
            const estate = byId.get(b.houseId);
            return estate ? <ListingMention key={key} estate={estate} /> : null;
          }
          default:
            return null;
        }
      })}
    </div>
  );
}
