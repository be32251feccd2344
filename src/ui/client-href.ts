/** Links that leave the single-page navigation: other origins, other schemes, downloads, new windows. */
export function isClientHref(href: string, attrs: { target?: string; download?: unknown } = {}): boolean {
  if (attrs.download !== undefined || (attrs.target && attrs.target !== '_self')) return false;
  // A site path: one leading slash (not `//host`, not `/\\host`, not the portal's own `/-/` endpoints), or a
  // query/anchor on the current page. Character tests: a list page asks this of a hundred and fifty links.
  const first = href.charCodeAt(0);
  if (first === SLASH) {
    const second = href.charCodeAt(1);
    return second !== SLASH && second !== BACKSLASH && !(second === DASH && href.charCodeAt(2) === SLASH);
  }
  return first === QUESTION || first === HASH;
}

const SLASH = 47;
const BACKSLASH = 92;
const DASH = 45;
const QUESTION = 63;
const HASH = 35;

/** A modified click (new tab, new window, download) or another button is the browser's. */
export const isPlainClick = (e: Pick<MouseEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'button'>): boolean =>
  !(e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || e.button !== 0);
