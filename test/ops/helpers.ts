import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { OpsState } from '../../src/ops/state.ts';
import type { TestApp } from '../helpers/build.ts';

/** Issue 36 part 2: the ops console's test helpers. */

export const ADMIN_TOKEN = 'ops-test-token-0123456789abcdef0123456789';
export const BEARER = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** The SHA-256 of a file's bytes, as `sha256sum` prints it. */
export const fileSha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

export async function opsData(portal: TestApp, headers: Record<string, string> = BEARER): Promise<OpsState> {
  const res = await portal.app.inject({ url: '/-/ops/data.json', headers });
  if (res.statusCode !== 200) throw new Error(`/-/ops/data.json answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return res.json() as OpsState;
}

export function purge(portal: TestApp, body: Record<string, unknown>, headers: Record<string, string> = BEARER) {
  return portal.app.inject({ method: 'POST', url: '/-/ops/purge', headers, payload: body });
}

/** A 404 page with what depends on the address (its path, the render time) taken out. */
export function withoutAddress(res: LightMyRequestResponse, path: string): string {
  return res.body
    .split(encodeURIComponent(path))
    .join('<path>')
    .split(path)
    .join('<path>')
    .replace(/"renderedAt":\d+/g, '"renderedAt":0');
}
