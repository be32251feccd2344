/**
 * After a client navigation nothing tells a screen reader that the page changed (a full load would): a polite live
 * region reads the new screen's title. Visually hidden; created on the first navigation, outside the React tree.
 */
let region: HTMLElement | null = null;

export function announceScreen(title: string): void {
  if (!region) {
    region = document.createElement('div');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.dataset.routeAnnouncer = '';
    Object.assign(region.style, {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    } satisfies Partial<CSSStyleDeclaration>);
    document.body.appendChild(region);
  }
  region.textContent = title;
}
