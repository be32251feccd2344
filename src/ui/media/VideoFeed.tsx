import { useEffect, useRef } from 'react';
import type { VideoCard } from '../../contracts/page-data/media.ts';
import { AppLink } from '../AppLink.tsx';
import { groupDigits } from '../paths.ts';
import { MediaHouseCard } from './MediaHouseCard.tsx';
import { mayAutoplay } from './VideoPlayer.tsx';

/** The share of a slide's clip that must be in view before it plays. */
export const PLAY_RATIO = 0.6;

/**
 * The vertical feed (issue 19): one clip a screen, snapped while swiping, the listing or estate card under each. A clip
 * plays muted when it is mostly in view and pauses when it leaves (IntersectionObserver); only the clip in view and the
 * next one load (`preload` none for the rest, until they come next).
 */
export function VideoFeed({ list, more }: { list: VideoCard[]; more?: string | null }) {
  const root = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the observed slides are those of `list`.
  useEffect(() => {
    const el = root.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const videos = [...el.querySelectorAll<HTMLVideoElement>('video[data-feed-index]')];
    const auto = mayAutoplay();
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const v = e.target as HTMLVideoElement;
          const i = Number(v.dataset.feedIndex);
          if (e.isIntersecting && e.intersectionRatio >= PLAY_RATIO) {
            v.preload = 'auto';
            const next = videos[i + 1];
            if (next && next.preload === 'none') next.preload = 'metadata';
            if (auto) {
              v.muted = true;
              v.play().catch(() => {
                // Refused by the browser: the controls stay.
              });
            }
          } else if (!v.paused) {
            v.pause();
          }
        }
      },
      { root: null, threshold: [0, PLAY_RATIO, 1] },
    );
    for (const v of videos) io.observe(v);
    return () => io.disconnect();
  }, [list]);

  return (
    <div className="vfeed" ref={root} data-testid="video-feed">
      {list.map((v, i) => (
        <section key={v.videoId} className="vfeed__slide" data-video-id={v.videoId}>
          <div className="vfeed__media">
            <video
              className="vfeed__video"
              src={v.url}
              poster={v.poster}
              width={v.width}
              height={v.height}
              muted
              loop
              playsInline
              controls
              preload={i === 0 ? 'metadata' : 'none'}
              data-feed-index={i}
              aria-label={v.title}
            >
              <track kind="captions" />
            </video>
          </div>
          <div className="vfeed__info">
            <h2 className="vfeed__title">
              <AppLink href={`/video/${v.videoId}.html`}>{v.title}</AppLink>
            </h2>
            <p className="vfeed__meta">
              {groupDigits(v.viewNum)}次播放 · {v.duration}秒
            </p>
            <div className="vfeed__card">
              <MediaHouseCard house={v.house} eager={i === 0} />
            </div>
          </div>
        </section>
      ))}
      {more ? (
        <AppLink href={more} className="vfeed__more">
          下一组视频
        </AppLink>
      ) : (
        <p className="vfeed__end">已经看完了，去看看更多房源吧</p>
      )}
    </div>
  );
}
