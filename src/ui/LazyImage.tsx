import { useEffect, useRef, useState } from 'react';

/** A 1×1 transparent GIF: the server-rendered placeholder (no request, no layout shift: width/height are set). */
export const PLACEHOLDER_SRC = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** SPEC 2.8: images start loading before they enter the view (1.3 × the viewport), with up to 4 attempts. */
export const LAZY_FACTOR = 1.3;
export const LAZY_ATTEMPTS = 4;

export interface LazyImageProps {
  src?: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

/**
 * A plain `<img>` with width and height. The server and the first client render show the placeholder (identical
 * markup, so hydration matches); an effect swaps in the real source once the image is within 1.3 viewports, and
 * retries a failed load up to LAZY_ATTEMPTS times in all. The real URL is in `data-src` for crawlers and tests.
 */
export function LazyImage({ src, alt, width, height, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || !src) return;
    if (typeof IntersectionObserver === 'undefined') {
      setShown(src);
      return;
    }
    const margin = Math.round(window.innerHeight * (LAZY_FACTOR - 1));
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(src);
          io.disconnect();
        }
      },
      { rootMargin: `${margin}px 0px ${margin}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [src]);

  const onError = () => {
    if (!shown) return;
    if (attempt >= LAZY_ATTEMPTS) {
      setFailed(true);
      return;
    }
    const next = attempt + 1;
    setAttempt(next);
    // A cache-busting retry parameter makes the browser ask again instead of reusing the failed answer.
    setShown(`${src}${src?.includes('?') ? '&' : '?'}retry=${next}`);
  };

  const loaded = shown && !failed;
  return (
    <img
      ref={ref}
      className={`lazy-img${loaded ? ' is-loaded' : ''}${className ? ` ${className}` : ''}`}
      src={loaded ? shown : PLACEHOLDER_SRC}
      data-src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      onError={onError}
    />
  );
}
