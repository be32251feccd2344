import type { TopicDetailData } from '../../src/contracts/page-data/ranking.ts';
import { topicHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ListingCard } from '../../src/ui/ListingCard.tsx';
import { ArticleRow, QuestionRow, RkHero, RkSection } from '../../src/ui/ranking/parts.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';

/** /topic/{id}.html: one housing topic with its articles, listings, estates and questions (issue 15 part C). */
export default function TopicPage({ data }: PageProps<TopicDetailData>) {
  const t = data.topic;
  return (
    <div className="rk-page">
      <RkHero title={t.title} sub={t.intro} />
      {data.docs.length ? (
        <RkSection title="专题资讯" testId="topic-docs">
          {data.docs.map((a) => (
            <ArticleRow key={a.id} a={a} />
          ))}
        </RkSection>
      ) : null}
      {data.listings.length ? (
        <RkSection title="精选房源" testId="topic-listings">
          {data.listings.map((l) => (
            <ListingCard key={l.houseId} listing={l} />
          ))}
        </RkSection>
      ) : null}
      {data.loupans.length ? (
        <RkSection title="热门楼盘" testId="topic-loupans">
          {data.loupans.map((e) => (
            <EstateItem key={e.houseId} estate={e} note={`${e.viewNum}人关注`} />
          ))}
        </RkSection>
      ) : null}
      {data.wenda.length ? (
        <RkSection title="相关问答" testId="topic-wenda">
          {data.wenda.map((q) => (
            <QuestionRow key={q.id} q={q} />
          ))}
        </RkSection>
      ) : null}
      {data.others.length ? (
        <RkSection title="更多专题" more={{ href: '/topic', label: '全部专题' }}>
          <ul className="rk-others">
            {data.others.map((o) => (
              <li key={o.id}>
                <AppLink href={topicHref(o.id)}>{o.title}</AppLink>
              </li>
            ))}
          </ul>
        </RkSection>
      ) : null}
    </div>
  );
}
