import { useAppState } from '../../stores/context.tsx';

/**
 * The screen's data, read through the store so that the page re-renders when a client navigation lands on the same
 * page module with new data (filter → filtered list, estate → estate): the props alone are not watched by the
 * browser's snapshot when only the data changes. On the server this is exactly the props' data.
 */
export function usePageData<T>(data: T): T {
  const { route } = useAppState();
  return (route.data ?? data) as T;
}
