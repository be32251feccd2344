import type { FaxianData, FeedItem } from '../../src/contracts/page-data/ranking.ts';
import { rankingHref, topicHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { ArticleRow, Chips, QuestionRow, RkHero } from '../../src/ui/ranking/parts.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';

function FeedEntry({ item }: { item: FeedItem }) {
  switch (item.kind) {
    case 'doc':
      return <ArticleRow a={item} />;
    case 'wenda':
      return <QuestionRow q={item} />;
    case 'listing':
      return <ListingCard listing={item.listing} />;
    case 'loupan':
      return <EstateItem estate={item.estate} note={`${item.estate.viewNum}人关注`} />;
  }
}

const KIND_LABEL: Record<FeedItem['kind'], string> = { doc: '资讯', wenda: '问答', listing: '二手房', loupan: '新房' };

/** /faxian: a discovery feed mixing articles, questions and listings, with the topics and rankings (issue 15 part C). */
export default function FaxianPage({ data }: PageProps<FaxianData>) {
  return (
    <div className="rk-page">
      <RkHero title="发现" sub="楼市资讯、热门问答、精选房源，一屏看尽" />
      <Chips items={data.boards.map((b) => ({ href: rankingHref(b), label: b.name }))} />
      {data.topics.length ? (
        <nav className="rk-topic-strip" data-testid="faxian-topics">
          {data.topics.map((t) => (
            <AppLink key={t.id} href={topicHref(t.id)} className="rk-topic-strip__item">
              {t.title}
            </AppLink>
          ))}
        </nav>
      ) : null}
      <ul className="card rk-feed" data-testid="feed">
        {data.feed.map((f) => (
          <li
            key={`${f.kind}-${f.kind === 'listing' ? f.listing.houseId : f.kind === 'loupan' ? f.estate.houseId : f.id}`}
            data-kind={f.kind}
          >
            <span className="rk-feed__kind">{KIND_LABEL[f.kind]}</span>
            <FeedEntry item={f} />
          </li>
        ))}
      </ul>
    </div>
  );
}
