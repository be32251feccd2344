import type { Loader } from '../pipeline/types.ts';
import { homeLoader } from './home.ts';

/** The named loaders registry.json may refer to. */
export const loaders: Readonly<Record<string, Loader>> = {
  home: homeLoader,
};
