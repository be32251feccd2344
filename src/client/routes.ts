import { type ClientRoutes, compileClientRoutes, isRouteTable } from './route-table.ts';

export const ROUTES_URL = '/-/routes';

let table: Promise<ClientRoutes | null> | null = null;

/**
 * The route table, fetched once per page load (GET /-/routes) and compiled with the server's matcher. A failed fetch
 * gives null (the navigation then falls back to a full load) and is retried on the next navigation.
 */
export function getRoutes(): Promise<ClientRoutes | null> {
  if (!table) {
    table = fetch(ROUTES_URL, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? res.json() : null))
      .then((raw: unknown) => (isRouteTable(raw) ? compileClientRoutes(raw) : null))
      .catch(() => null)
      .then((routes) => {
        if (!routes) table = null;
        return routes;
      });
  }
  return table;
}
