import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
import { AppLink } from '../AppLink.tsx';

export interface GalleryProps {
  photos: string[];
  /** The house title: alt text and the full-screen caption. */
  title: string;
  /** The /photo page of this gallery (SPEC 3 gallery state in its query). */
  photoHref?: string;
  videoUrl?: string | null;
  /** Start at this photo (0-based), e.g. the /photo page's activeItem. */
  start?: number;
  /** Render as the full-screen viewer from the start. */
  fullscreen?: boolean;
  /** The large in-page viewer of the /photo page (black stage, whole photos). */
  stage?: boolean;
  /** Labels shown over the photos (VR, 视频, …). */
  badges?: string[];
}

/**
 * The swipeable photo gallery of every detail page: a CSS scroll-snap strip (native touch swipe, no library),
 * an index counter, a tap to open the full-screen view (Escape or ✕ closes it). Works without JavaScript as a
 * scrollable strip with a link to the /photo page.
 */
export function Gallery({ photos, title, photoHref, videoUrl, start = 0, fullscreen = false, stage = false, badges = [] }: GalleryProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(Math.min(Math.max(0, start), Math.max(0, photos.length - 1)));
  const [full, setFull] = useState(fullscreen);

  const goTo = useCallback((i: number, smooth = true) => {
    const el = strip.current;
    if (!el) return;
    el.scrollTo({ left: i * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  }, []);

  // Keep the visible photo when the strip changes width (entering or leaving full screen), and honour `start`.
  // A strip that starts at its first photo is aligned already: reading its width right after hydration would only
  // force a layout in the middle of the detail page's first long task (Lighthouse: forced reflow).
  const aligned = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-align only when the mode changes
  useEffect(() => {
    const first = !aligned.current;
    aligned.current = true;
    if (first && index === 0) return;
    goTo(index, false);
  }, [full, goTo]);

  useEffect(() => {
    if (!full || fullscreen) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setFull(false);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [full, fullscreen]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (!el.clientWidth) return;
    const i = Math.round(el.scrollLeft / el.clientWidth);
    if (i !== index && i >= 0 && i < photos.length) setIndex(i);
  };
  if (!photos.length) {
    return (
      <div className="gal gal--empty">
        <span>暂无图片</span>
      </div>
    );
  }
  return (
    <section
      className={`gal${full ? ' gal--full' : ''}${stage ? ' gal--stage' : ''}`}
      aria-roledescription="carousel"
      aria-label={`${title} 房源图片`}
    >
      <div className="gal__strip" ref={strip} onScroll={onScroll} data-testid="gallery-strip">
        {photos.map((src, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a photo may repeat; its position is its identity
            key={i}
            type="button"
            className="gal__slide"
            onClick={() => setFull(true)}
            aria-label={`查看大图 第${i + 1}张`}
          >
            <img
              className="gal__img"
              src={src}
              alt={`${title} 图${i + 1}`}
              width={750}
              height={560}
              loading={i === start ? 'eager' : 'lazy'}
              // The photo shown first is the detail page's LCP element: fetched before the rest of the page's images.
              fetchPriority={i === start ? 'high' : undefined}
              decoding="async"
            />
          </button>
        ))}
      </div>
      {badges.length ? (
        <p className="gal__badges">
          {badges.map((b) => (
            <span key={b}>{b}</span>
          ))}
        </p>
      ) : null}
      <span className="gal__count" data-testid="gallery-count">
        {`${index + 1}/${photos.length}`}
      </span>
      {videoUrl ? (
        <a className="gal__video" href={videoUrl}>
          视频
        </a>
      ) : null}
      {photoHref && !full ? (
        <AppLink className="gal__all" href={`${photoHref}${photoHref.includes('?') ? '&' : '?'}active=${index}`}>
          全部{photos.length}张
        </AppLink>
      ) : null}
      {full ? (
        <div className="gal__bar">
          <p className="gal__caption">{title}</p>
          {fullscreen ? null : (
            <button type="button" className="gal__close" onClick={() => setFull(false)} aria-label="关闭大图">
              ✕
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
