import { PAGE_CSS_ATTR } from '../render/page-css-manifest.ts';

/**
 * Each screen's own stylesheet (issue 20: CSS per page type, scripts/css-split.ts). The first screen's is inline in
 * the head. A client navigation loads the next screen's file while the current screen stays as it is (`media="print"`:
 * fetched, not applied, so the screen being left does not reflow under rules meant for another), and at the swap, in
 * the same task as the new screen's commit, that file applies and every other page stylesheet goes. One page
 * stylesheet at a time keeps the cascade exactly the whole stylesheet's: each file is the whole stylesheet's rules, in
 * its order, less the ones its screen cannot use.
 */
export interface PageStyles {
  /** Resolves once the module's stylesheet is loaded, or at once when it has none; rejects when it cannot be loaded. */
  load(moduleKey: string, href: string | null): Promise<void>;
  /** At the swap: the shown module's stylesheet applies, every other page stylesheet is removed. */
  show(moduleKey: string): void;
}

const PARKED = 'print';

export function createPageStyles(doc: Document): PageStyles {
  const sheets = () => [...doc.querySelectorAll<HTMLElement>(`[${PAGE_CSS_ATTR}]`)];
  const ownerOf = (el: Element) => el.getAttribute(PAGE_CSS_ATTR);
  const pending = new Map<string, Promise<void>>();
  return {
    load(key, href) {
      // No per-page build (development): the entry's whole stylesheet styles every screen.
      if (!href || sheets().length === 0) return Promise.resolve();
      const loading = pending.get(key);
      if (loading) return loading;
      if (sheets().some((el) => ownerOf(el) === key)) return Promise.resolve();
      const p = new Promise<void>((resolve, reject) => {
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.media = PARKED;
        link.href = href;
        link.setAttribute(PAGE_CSS_ATTR, key);
        link.onload = () => {
          pending.delete(key);
          resolve();
        };
        link.onerror = () => {
          pending.delete(key);
          link.remove();
          reject(new Error(`stylesheet ${href} failed`));
        };
        doc.head.append(link);
      });
      pending.set(key, p);
      return p;
    },
    show(key) {
      const all = sheets();
      const own = all.find((el) => ownerOf(el) === key);
      // Never leave a screen unstyled: without the shown module's stylesheet, the others stay.
      if (!own) return;
      if (own instanceof HTMLLinkElement && own.media === PARKED) own.media = 'all';
      for (const el of all) if (el !== own) el.remove();
    },
  };
}
