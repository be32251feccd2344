import { type ComponentType, Suspense, use, useCallback, useEffect, useId, useState } from 'react';
import { useAppState } from '../stores/context.tsx';
import { MenuIcon } from './icons.tsx';
import type { MenuPanelProps } from './MenuPanel.tsx';

type PanelModule = { MenuPanel: ComponentType<MenuPanelProps> };

/**
 * The slide-in panel is its own chunk (issue 20: its markup, links and icons are not in the JavaScript before a page
 * is interactive). The import starts when this module loads: in the browser while the page's chunk loads and the page
 * hydrates, on the server at startup. A panel not yet in suspends inside its Suspense boundary: during hydration React
 * keeps the server's panel and hydrates it once the chunk is in (selective hydration, no mismatch). The status fields
 * let `use` read a settled import without suspending (the server, and every render after the first). When the chunk
 * cannot be fetched the panel is left out (the menu does not open; the rest of the page works).
 */
const NoPanel = () => null;
export const menuPanelReady: Promise<PanelModule> = import('./MenuPanel.tsx').catch((): PanelModule => ({ MenuPanel: NoPanel }));
void menuPanelReady.then((m) => Object.assign(menuPanelReady, { status: 'fulfilled', value: m }));

function Panel(props: MenuPanelProps) {
  const { MenuPanel } = use(menuPanelReady);
  return <MenuPanel {...props} />;
}

/**
 * The menu button and its slide-in panel. Open state is local: the server always renders it closed, so the
 * hydrated markup matches.
 */
export function Menu() {
  const { route } = useAppState();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);

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
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <MenuIcon size={24} />
      </button>
      <Suspense fallback={null}>
        <Panel id={panelId} open={open} close={close} />
      </Suspense>
    </>
  );
}
