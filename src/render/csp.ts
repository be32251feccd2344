import { BOOT_SCRIPT_SOURCE } from './boot-script.ts';

/**
 * The pages' Content-Security-Policy (issue 11 point 8): every script is a same-origin module or the constant boot
 * script, allowed by its hash; the state and JSON-LD blocks are data, not scripts; React style attributes need
 * 'unsafe-inline' for styles only. plugins/security-headers.ts sends it on every answer; the renderer adds a nonce
 * for a streamed page (below). The renderer's own rule, so the pipeline never reaches back into a plugin.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // Same-origin modules, and the one inline boot script by its hash (src/render/boot-script.ts).
  scriptSrc: ["'self'", BOOT_SCRIPT_SOURCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The same policy with a script nonce (issue 20): a streamed page completes its Suspense boundaries with React's
 * small inline scripts, allowed for that one response by the nonce they carry. Whole documents (cached pages,
 * crawlers) have no inline script and keep the policy without a nonce.
 */
export function policyWithScriptNonce(nonce: string): string {
  // As helmet writes it: a null directive is left out.
  return Object.entries(CONTENT_SECURITY_POLICY)
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => `${kebab(name)} ${(name === 'scriptSrc' ? [...values, `'nonce-${nonce}'`] : values).join(' ')}`)
    .join(';');
}
