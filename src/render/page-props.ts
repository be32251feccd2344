/** Props every page module under pages/ receives. A page is a view: it never calls the gateway itself. */
export interface PageProps<D = unknown> {
  data: D;
  params: Record<string, string>;
  query: Record<string, string>;
}
