import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { pageModules } from '../../pages/modules.ts';
import type { PageProps } from '../render/page-props.ts';

type PageComponent = ComponentType<PageProps>;

/**
 * One chunk per screen (pages/modules.ts holds one dynamic import per module key). The navigation loads a screen's
 * chunk before it swaps the screen, so the component is normally resolved when it renders; the `React.lazy` wrapper
 * covers the rest (a render before the load finished suspends instead of failing).
 */
const resolved = new Map<string, PageComponent>();
const loading = new Map<string, Promise<PageComponent>>();
const lazies = new Map<string, LazyExoticComponent<PageComponent>>();

export const hasPageModule = (key: string): boolean => Object.hasOwn(pageModules, key);

/** Load a screen's chunk. Rejects when the chunk cannot be fetched (the caller reloads the page: SPEC 8). */
export function loadPage(key: string): Promise<PageComponent> {
  const hit = resolved.get(key);
  if (hit) return Promise.resolve(hit);
  let p = loading.get(key);
  if (!p) {
    const importer = pageModules[key];
    if (!importer) return Promise.reject(new Error(`unknown page module ${key}`));
    p = importer().then(
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
