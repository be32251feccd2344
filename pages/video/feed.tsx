import type { VideoFeedData } from '../../src/contracts/page-data/media.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { VideoFeed } from '../../src/ui/media/VideoFeed.tsx';

/** /videoPage (most watched) and /videoPage/videopush (newest): the swipeable feed of property clips (issue 19). */
export default function VideoFeedPage({ data }: PageProps<VideoFeedData>) {
  const base = data.variant === 'hot' ? '/videoPage' : '/videoPage/videopush';
  const more = data.page < data.totalPages ? `${base}?page=${data.page + 1}` : null;
  return (
    <div className="vfeed-page">
      <nav className="vfeed-tabs" aria-label="视频分类">
        <AppLink href="/videoPage" className={`vfeed-tabs__tab${data.variant === 'hot' ? ' is-on' : ''}`}>
          热门
        </AppLink>
        <AppLink href="/videoPage/videopush" className={`vfeed-tabs__tab${data.variant === 'new' ? ' is-on' : ''}`}>
          最新
        </AppLink>
        <h1 className="vfeed-tabs__title">视频看房</h1>
      </nav>
      {data.list.length ? <VideoFeed list={data.list} more={more} /> : <p className="vfeed__end">暂无房源视频</p>}
    </div>
  );
}
