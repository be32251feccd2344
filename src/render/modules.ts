import type { ComponentType } from 'react';
import { pageModules } from '../../pages/modules.ts';
import { errors } from '../errors.ts';
import type { PageProps } from './page-props.ts';

const loaded = new Map<string, ComponentType<PageProps>>();

/** Resolve a page module key to its component; after the first import it is a synchronous map lookup. */
export async function loadPageComponent(key: string): Promise<ComponentType<PageProps>> {
  const hit = loaded.get(key);
  if (hit) return hit;
  const importer = pageModules[key];
  if (!importer) throw errors.unknownModule(key);
  const mod = await importer();
  loaded.set(key, mod.default as ComponentType<PageProps>);
  return mod.default as ComponentType<PageProps>;
}

export const knownModules = (): Set<string> => new Set(Object.keys(pageModules));
