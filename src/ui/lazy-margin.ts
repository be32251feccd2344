/** SPEC 2.8: what is lazy (images, parts of a screen) starts loading before it enters the view, at 1.3 × the viewport. */
export const LAZY_FACTOR = 1.3;

/** The margin around the viewport within which loading starts: (factor − 1) × the viewport height. */
export const lazyRootMargin = (viewportHeight: number, factor = LAZY_FACTOR) => {
  const m = Math.max(0, Math.round(viewportHeight * (factor - 1)));
  return `${m}px 0px ${m}px 0px`;
};
