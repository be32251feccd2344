import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageModule } from '../../pages/modules.ts';
import type { PageProps } from '../render/page-props.ts';

type PageComponent = ComponentType<PageProps>;

/**
 * The map of every screen's chunk (pages/modules.ts, a hundred dynamic imports and their dependency lists) is a chunk
 * of its own, fetched with the navigation runtime: the first screen's chunk comes by the URL the server wrote in the
 * page (`data-page` of the state script), so the JavaScript before a page is interactive carries no other screen
 * (issue 20).
 */
let moduleMap: Promise<Record<string, () => Promise<PageModule>>> | null = null;
const pageModules = (): Promise<Record<string, () => Promise<PageModule>>> => {
  moduleMap ??= import('../../pages/modules.ts').then(
    (m) => m.pageModules,
    (err: unknown) => {
      moduleMap = null;
      throw err;
    },
  );
  return moduleMap;
};

/**
 * One chunk per screen (pages/modules.ts holds one dynamic import per module key). The navigation loads a screen's
 * chunk before it swaps the screen, so the component is normally resolved when it renders; the `React.lazy` wrapper
 * covers the rest (a render before the load finished suspends instead of failing).
 */
const resolved = new Map<string, PageComponent>();
const loading = new Map<string, Promise<PageComponent>>();
const lazies = new Map<string, LazyExoticComponent<PageComponent>>();

/**
 * Load a screen's chunk, from `url` when the page named it (the first screen), else through the module map. Rejects
 * when the chunk cannot be fetched (the caller reloads the page: SPEC 8).
 */
export function loadPage(key: string, url?: string | null): Promise<PageComponent> {
  const hit = resolved.get(key);
  if (hit) return Promise.resolve(hit);
  let p = loading.get(key);
  if (!p) {
    const imported: Promise<PageModule> = url
      ? import(/* @vite-ignore */ url)
      : pageModules().then((modules) => {
          const importer = modules[key];
          if (!importer) throw new Error(`unknown page module ${key}`);
          return importer();
        });
    p = imported.then(
      (mod) => {
        const component = mod.default as PageComponent;
        resolved.set(key, component);
        loading.delete(key);
        return component;
      },
      (err: unknown) => {
        // Forget the failure: a later attempt (after a deploy, a network blip) may succeed.
        loading.delete(key);
        throw err;
      },
    );
    loading.set(key, p);
  }
  return p;
}

/** The component to render for a module key: the loaded one, else a React.lazy stand-in. */
export function pageComponent(key: string): PageComponent {
  const hit = resolved.get(key);
  if (hit) return hit;
  let l = lazies.get(key);
  if (!l) {
    l = lazy(() => loadPage(key).then((c) => ({ default: c })));
    lazies.set(key, l);
  }
  return l;
}
