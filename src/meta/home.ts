import type { HomeData } from '../contracts/page-data/cards.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { Meta } from '../pipeline/types.ts';

/** The registry's title and description stand; the data adds the site's identity for search engines. */
export const homeMeta: Meta<HomeData> = (ctx) => {
  const origin = cityOrigin(ctx.site, ctx.city);
  return {
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebSite', name: `${ctx.city.name}${ctx.site.brand}`, url: `${origin}/` },
      { '@context': 'https://schema.org', '@type': 'RealEstateAgent', name: ctx.site.brand, url: `${origin}/` },
    ],
  };
};
