import type { VideoDetailData } from '../../src/contracts/page-data/media.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { AgentCard, agentInfoOf } from '../../src/ui/detail/index.ts';
import { MediaHouseCard } from '../../src/ui/media/MediaHouseCard.tsx';
import { VideoGrid } from '../../src/ui/media/VideoGrid.tsx';
import { VideoPlayer } from '../../src/ui/media/VideoPlayer.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

/** /video/{id}.html: a property clip in the page's player, the house it shows, its agent and more clips (issue 19). */
export default function VideoDetailPage({ data }: PageProps<VideoDetailData>) {
  const { video, agent, related } = data;
  return (
    <div className="vd">
      <VideoPlayer video={video} autoplay />
      <section className="vd__head">
        <h1 className="vd__title">{video.title}</h1>
        <p className="vd__meta">
          {groupDigits(video.viewNum)}次播放 · 时长{video.duration}秒 · {video.createdAt.slice(0, 10)}发布
        </p>
        <p className="vd__summary">{video.summary}</p>
      </section>
      <section className="vd__house">
        <h2 className="vd__sub">视频中的{video.house.estate ? '楼盘' : '房源'}</h2>
        <MediaHouseCard house={video.house} eager />
      </section>
      <AgentCard
        agent={agentInfoOf(agent)}
        phone={agent?.webCall ? { webCall: agent.webCall } : null}
        house={{ houseId: video.house.houseId, houseType: video.house.houseType }}
        heading="带看经纪人"
      />
      {related.length ? (
        <section className="vd__related">
          <h2 className="vd__sub">更多视频</h2>
          <VideoGrid videos={related} />
          <AppLink href="/videoPage" className="vd__all">
            刷更多房源视频 ›
          </AppLink>
        </section>
      ) : null}
    </div>
  );
}
