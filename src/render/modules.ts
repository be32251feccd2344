import type { ComponentType } from 'react';
import { pageModules } from '../../pages/modules.ts';
import { errors } from '../errors.ts';
import { partsReady } from '../ui/lazy-part.tsx';
import type { PageProps } from './page-props.ts';

const loaded = new Map<string, ComponentType<PageProps>>();

/** Resolve a page module key to its component (and its lazy parts); after the first import it is a synchronous map lookup. */
export async function loadPageComponent(key: string): Promise<ComponentType<PageProps>> {
  const hit = loaded.get(key);
  if (hit) return hit;
  const importer = pageModules[key];
  if (!importer) throw errors.unknownModule(key);
  const mod = await importer();
  // The screen's lazy parts (src/ui/lazy-part.tsx) render in place on the server: their chunks are in before it renders.
  await partsReady();
  loaded.set(key, mod.default as ComponentType<PageProps>);
  return mod.default as ComponentType<PageProps>;
}

export const knownModules = (): Set<string> => new Set(Object.keys(pageModules));
