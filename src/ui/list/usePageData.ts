import { useAppState } from '../../stores/context.tsx';

/**
 * The screen's data, read through the store snapshot so that the page re-renders when a client navigation swaps in
 * new data for the same page module (a filter, a page number, another listing): the `data` prop alone is not
 * enough while the client root only re-renders on a module change. Same value as the prop on the server.
 */
export function usePageData<D>(fromProps: D): D {
  const { route } = useAppState();
  return (route.data as D | undefined) ?? fromProps;
}

/** The screen's query, re-read the same way. */
export function usePageQuery(fromProps: Record<string, string>): Record<string, string> {
  const { route } = useAppState();
  return route.query ?? fromProps;
}
