import { type ComponentType, Suspense, use, useCallback, useEffect, useId, useState } from 'react';
import { useAppState } from '../stores/context.tsx';
import { MenuIcon } from './icons.tsx';
import type { MenuPanelProps } from './MenuPanel.tsx';

type PanelModule = { MenuPanel: ComponentType<MenuPanelProps> };

/**
 * The slide-in panel is its own chunk (issue 20: its markup, links and icons are not in the JavaScript before a page
 * is interactive). The import starts when this module loads, so the chunk is in before the first tap; the status
 * fields let `use` read a settled import without suspending. When the chunk cannot be fetched the panel is left out
 * (the menu does not open; the rest of the page works).
 */
const NoPanel = () => null;
export const menuPanelReady: Promise<PanelModule> = import('./MenuPanel.tsx').catch((): PanelModule => ({ MenuPanel: NoPanel }));
void menuPanelReady.then((m) => Object.assign(menuPanelReady, { status: 'fulfilled', value: m }));

function Panel(props: MenuPanelProps) {
  const { MenuPanel } = use(menuPanelReady);
  return <MenuPanel {...props} />;
}

/** Two frames: the panel is painted in its closed place before it is told to slide in. */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));

const noop = () => {};

/**
 * The menu without JavaScript (issue 34): a `<details>` disclosure whose `<summary>` is the same round button and
 * whose content is the same panel, open, inside `<noscript>`. A browser that runs scripts parses a noscript's content
 * as one text node, and React never renders its children in the browser (they are text to it), so this costs the
 * JavaScript page no element, no hydration and no chunk (issue 20); the server renders it from the panel chunk, which
 * it has loaded. Without JavaScript the script button is hidden (`@media (scripting: none)`, layout.css) and this
 * disclosure takes its place; a tap outside the panel (the summary's backdrop) closes it.
 */
function NoScriptMenu({ id }: { id: string }) {
  return (
    <noscript>
      <details className="menu-nojs">
        <summary className="hd__menu-btn" aria-label="打开菜单">
          <MenuIcon size={24} />
        </summary>
        <Panel id={id} open close={noop} noScript />
      </details>
    </noscript>
  );
}

/**
 * The menu button and its slide-in panel. The panel is rendered from the first tap on, never by the server: it was
 * 80 of a list page's 617 elements, rendered and hydrated on every page for a menu most visitors never open (issue
 * 20; its nine sections are also the home page's channel links, and the header's quick links). Open state is local.
 * Without JavaScript the menu is the `<noscript>` disclosure above.
 */
export function Menu() {
  const { route } = useAppState();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const openMenu = () => {
    if (mounted) return setOpen(true);
    setMounted(true);
    afterPaint(() => setOpen(true));
  };

  // A client navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: route.path is the trigger, not an input
  useEffect(() => {
    setOpen(false);
  }, [route.path]);

  return (
    <>
      <button
        type="button"
        className="hd__menu-btn"
        aria-label="打开菜单"
        aria-expanded={open}
        aria-controls={mounted ? panelId : undefined}
        onClick={openMenu}
      >
        <MenuIcon size={24} />
      </button>
      <NoScriptMenu id={`${panelId}-nojs`} />
      {mounted ? (
        <Suspense fallback={null}>
          <Panel id={panelId} open={open} close={close} />
        </Suspense>
      ) : null}
    </>
  );
}
