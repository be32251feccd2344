import '../ui/styles.css';
import { hydrateRoot } from 'react-dom/client';
import { proxy } from 'valtio';
import { pageModules } from '../../pages/modules.ts';
import { App } from '../render/App.tsx';
import { APP_ROOT_ID, STATE_SCRIPT_ID } from '../render/document.ts';
import type { PageProps } from '../render/page-props.ts';
import type { AppState } from '../stores/app-state.ts';

/** Browser entry: seed the stores from exactly the server's snapshot, load the screen's chunk, hydrate. */
async function start(): Promise<void> {
  const el = document.getElementById(STATE_SCRIPT_ID);
  const root = document.getElementById(APP_ROOT_ID);
  if (!el || !root) return;
  const snapshot = JSON.parse(el.textContent || '{}') as AppState;
  const state = proxy(snapshot);
  const importer = pageModules[snapshot.route.module];
  if (!importer) return;
  const mod = await importer();
  const Page = mod.default as React.ComponentType<PageProps>;
  hydrateRoot(root, <App state={state} Page={Page} />);
}

void start();
