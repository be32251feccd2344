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
  'ershoufang/list': () => import('./ershoufang/list.tsx'),
  'ershoufang/detail': () => import('./ershoufang/detail.tsx'),
  'ershoufang/daikan': () => import('./ershoufang/daikan.tsx'),
  'ershoufang/dongtai': () => import('./ershoufang/dongtai.tsx'),
  'ershoufang/referrer': () => import('./ershoufang/referrer.tsx'),
  'ershoufang/zhou': () => import('./ershoufang/zhou.tsx'),
  'zufang/list': () => import('./zufang/list.tsx'),
  'zufang/detail': () => import('./zufang/detail.tsx'),
  photo: () => import('./photo.tsx'),
  yuyuekanfang: () => import('./yuyuekanfang.tsx'),
  jubao: () => import('./jubao.tsx'),
  myshoucang: () => import('./myshoucang.tsx'),
};
