import type { VideoItem } from '../../contracts/gateway/media.ts';
import { AppLink } from '../AppLink.tsx';
import { LazyImage } from '../LazyImage.tsx';

/** A grid of property clips, each its poster with ▶ and duration, opening /video/{id}.html. */
export function VideoGrid({ videos }: { videos: Array<Pick<VideoItem, 'videoId' | 'title' | 'poster' | 'duration'>> }) {
  return (
    <ul className="vgrid">
      {videos.map((v) => (
        <li key={v.videoId}>
          <AppLink href={`/video/${v.videoId}.html`} className="vgrid__item">
            <span className="vgrid__media">
              <LazyImage className="vgrid__img" src={v.poster} alt={v.title} width={160} height={284} />
              <span className="vgrid__play" aria-hidden="true">
                ▶ {v.duration}秒
              </span>
            </span>
            <span className="vgrid__title">{v.title}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
