/** What the page component and the client stores receive. Serialized into the HTML: no server objects. */
export interface PageHead {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  /** Extra head links such as rel=prev/next. */
  links?: Array<{ rel: string; href: string }>;
  /** JSON-LD objects, serialized safely by the renderer. */
  jsonLd?: unknown[];
  robots?: string;
}
