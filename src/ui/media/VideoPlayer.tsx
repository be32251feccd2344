import { useEffect, useRef } from 'react';
import type { VideoCard } from '../../contracts/page-data/media.ts';

/** Muted autoplay is fine unless the visitor asked for less motion or less data. */
export function mayAutoplay(): boolean {
  if (typeof window === 'undefined') return false;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  return !saveData && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A clip in the page's own player (issue 19): poster, controls, inline on phones. With `autoplay`, it starts muted once
 * hydrated, when the visitor's settings allow it (mayAutoplay); the sound is the visitor's choice (controls).
 */
export function VideoPlayer({
  video,
  autoplay = false,
}: {
  video: Pick<VideoCard, 'url' | 'poster' | 'title' | 'width' | 'height'>;
  autoplay?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const v = ref.current;
    if (!v || !autoplay || !mayAutoplay()) return;
    v.muted = true;
    v.play().catch(() => {
      // Refused (a browser policy): the poster and the play control stay.
    });
  }, [autoplay]);
  return (
    <div className="vp">
      <video
        ref={ref}
        className="vp__video"
        src={video.url}
        poster={video.poster}
        width={video.width}
        height={video.height}
        controls
        playsInline
        preload="metadata"
        aria-label={video.title}
        data-testid="video-player"
      >
        <track kind="captions" />
      </video>
    </div>
  );
}
