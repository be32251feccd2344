import type { ComponentType } from 'react';
import type { PageProps } from '../src/render/page-props.ts';

// biome-ignore lint/suspicious/noExplicitAny: each page narrows its own data type; the map holds them all
export type PageModule = { default: ComponentType<PageProps<any>> };

/**
 * The single map from registry module keys (registry.json `module`) to page modules. Lazy: the browser bundle gets
 * one chunk per screen; the server awaits the import before rendering.
 */
export const pageModules: Record<string, () => Promise<PageModule>> = {
  home: () => import('./home.tsx'),
  section: () => import('./section.tsx'),
  'not-found': () => import('./not-found.tsx'),
  error: () => import('./error.tsx'),
  xieyi: () => import('./xieyi.tsx'),
};
