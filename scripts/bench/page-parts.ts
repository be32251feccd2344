import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RegistryFile } from '../../src/registry/types.ts';
import { APP_ROOT_ID, STATE_SCRIPT_ID } from '../../src/render/dom-ids.ts';
import type { AppState } from '../../src/stores/app-state.ts';

/**
 * A copy of `registryFile` without the page-cache middleware (a page's own or its layout's), in a temporary folder:
 * every page rendered per request.
 */
export function registryWithoutCache(registryFile: string): string {
  const reg = JSON.parse(readFileSync(registryFile, 'utf8')) as RegistryFile;
  dropPageCache(reg);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-reg-')), 'registry.json');
  writeFileSync(file, JSON.stringify(reg));
  return file;
}

/** Takes the page-cache middleware off every page and layout of `reg`. */
export function dropPageCache(reg: RegistryFile): void {
  for (const page of reg.pages) if (page.middleware) page.middleware = page.middleware.filter((m) => m !== 'page-cache');
  for (const layout of Object.values(reg.layouts))
    if (layout.middleware) layout.middleware = layout.middleware.filter((m) => m !== 'page-cache');
}

/** A served page cut where the React markup starts and ends, with the state its script carries. */
export function pageParts(html: string): { head: string; tail: string; state: AppState } {
  const appStart = `<div id="${APP_ROOT_ID}">`;
  const appAt = html.indexOf(appStart);
  const stateAt = html.indexOf(`<script id="${STATE_SCRIPT_ID}"`);
  if (appAt === -1 || stateAt === -1) throw new Error('not a portal page: no app root or no state script');
  return {
    head: html.slice(0, appAt + appStart.length),
    tail: html.slice(html.lastIndexOf('</div>', stateAt)),
    state: JSON.parse(html.slice(html.indexOf('>', stateAt) + 1, html.indexOf('</script>', stateAt))) as AppState,
  };
}
