import type { Loader } from '../pipeline/types.ts';

export interface HomeData {
  cityName: string;
}

/** The home page: listings come with the listings issue; for now the city it greets. */
export const homeLoader: Loader<HomeData> = async (ctx) => ({ data: { cityName: ctx.city.name } });
