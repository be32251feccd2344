import type { TopicListData } from '../../src/contracts/page-data/ranking.ts';
import { topicHref } from '../../src/lib/rankings.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { RkHero } from '../../src/ui/ranking/parts.tsx';

/** /topic: the city's housing topics (the footer's 购房专题; issue 15 part C). */
export default function TopicsPage({ data }: PageProps<TopicListData>) {
  const { city } = useAppState();
  return (
    <div className="rk-page">
      <RkHero title={`${city.selectCityName}购房专题`} sub="学区房、地铁房、刚需与改善，精选资讯、问答与房源" />
      <ul className="rk-topics" data-testid="topics">
        {data.topics.map((t, i) => (
          <li key={t.id}>
            <AppLink href={topicHref(t.id)} className="card rk-topic" data-testid="topic-card">
              <LazyImage className="rk-topic__img" src={t.cover} alt={t.title} width={343} height={120} eager={i === 0} />
              <span className="rk-topic__title">{t.title}</span>
              <span className="rk-topic__intro">{t.intro}</span>
              <span className="rk-topic__meta">
                {[
                  t.docCount ? `${t.docCount}篇资讯` : '',
                  t.wendaCount ? `${t.wendaCount}个问答` : '',
                  t.listingCount ? `${t.listingCount}套房源` : '',
                  t.loupanCount ? `${t.loupanCount}个楼盘` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
