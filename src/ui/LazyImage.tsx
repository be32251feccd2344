import { useEffect, useRef, useState } from 'react';
import { lazyRootMargin } from './lazy-margin.ts';

/** A 1×1 transparent GIF: the server-rendered placeholder (no request, no layout shift: width/height are set). */
export const PLACEHOLDER_SRC = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** SPEC 2.8: images start loading before they enter the view (1.3 × the viewport), with up to 4 attempts. */
export { LAZY_FACTOR, lazyRootMargin } from './lazy-margin.ts';
export const LAZY_ATTEMPTS = 4;
/** Wait before attempt n+1: 0.5 s, 1 s, 2 s (a flaky mobile network gets a moment to recover). */
export const retryDelayMs = (attempt: number) => 500 * 2 ** (attempt - 1);

/** The URL of attempt n: a retry parameter makes the browser ask again instead of reusing the failed answer. */
export function attemptSrc(src: string, attempt: number): string {
  if (attempt <= 1) return src;
  const hash = src.indexOf('#');
  const [base, frag] = hash === -1 ? [src, ''] : [src.slice(0, hash), src.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}retry=${attempt}${frag}`;
}

export interface LazyImageProps {
  src?: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /**
   * An image of the first screen (a page's LCP candidate): a plain `<img src>` the browser fetches with high
   * priority while it parses the HTML, instead of waiting for hydration and the observer.
   */
  eager?: boolean;
}

/** How many list cards the first screen of a phone shows (375×812): their images load at once. */
export const FIRST_SCREEN_CARDS = 3;

/**
 * A plain `<img>` with width and height and its real `src`, lazy by the browser's own rule (`loading="lazy"`, issue
 * 34: a page without JavaScript shows every image). With JavaScript, once the image is within 1.3 viewports it is
 * switched to `loading="eager"` (some browsers start lazy images only at the edge of the view); a failed load is tried
 * again after a short wait, up to LAZY_ATTEMPTS attempts in all, then the placeholder stays (with its alt). The server
 * and the first client render are identical (attempt 1 is the plain `src`), so hydration matches; a load that failed
 * before hydration is noticed on mount. `data-src` keeps the real URL for crawlers and tests; a new `src` (the same
 * card on another screen) starts over.
 */
export function LazyImage(props: LazyImageProps) {
  return props.eager && props.src ? <EagerImage {...props} src={props.src} /> : <ObservedImage {...props} />;
}

function EagerImage({ src, alt, width, height, className }: LazyImageProps & { src: string }) {
  return (
    <img
      className={`lazy-img is-loaded${className ? ` ${className}` : ''}`}
      src={src}
      alt={alt}
      width={width}
      height={height}
      fetchPriority="high"
    />
  );
}

interface Attempts {
  src: string | undefined;
  attempt: number;
  failed: boolean;
}

function ObservedImage({ src, alt, width, height, className }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<Attempts>({ src, attempt: 1, failed: false });
  // A new source starts over (set during render: the old attempt number never reaches the new URL).
  const current = state.src === src ? state : { src, attempt: 1, failed: false };
  if (current !== state) setState(current);
  const { attempt, failed } = current;

  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retry.current), []);

  const onError = () => {
    if (!src) return;
    clearTimeout(retry.current);
    if (attempt >= LAZY_ATTEMPTS) {
      setState({ src, attempt, failed: true });
      return;
    }
    retry.current = setTimeout(
      () => setState((s) => (s.src === src && !s.failed ? { ...s, attempt: s.attempt + 1 } : s)),
      retryDelayMs(attempt),
    );
  };
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    setNear(false);
    clearTimeout(retry.current);
    const el = ref.current;
    if (!el || !src) return;
    // The first attempt may have failed before React listened (the real src is in the server's HTML).
    if (el.complete && el.naturalWidth === 0 && el.getAttribute('src') === src) onErrorRef.current();
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: lazyRootMargin(window.innerHeight) },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [src]);

  const showing = src && !failed;
  return (
    <img
      ref={ref}
      className={`lazy-img${showing ? ' is-loaded' : ''}${failed ? ' is-failed' : ''}${className ? ` ${className}` : ''}`}
      src={showing ? attemptSrc(src, attempt) : PLACEHOLDER_SRC}
      data-src={src}
      alt={alt}
      width={width}
      height={height}
      loading={near ? 'eager' : 'lazy'}
      decoding="async"
      onError={onError}
    />
  );
}
