import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { BOOT_SCRIPT_SOURCE } from '../src/render/boot-script.ts';

/**
 * Security headers on every answer (issue 11 point 8), from @fastify/helmet: a Content-Security-Policy the pages
 * satisfy (every script is a same-origin module or the constant boot script, allowed by its hash; the state and
 * JSON-LD blocks are data, not scripts; React style attributes need 'unsafe-inline' for styles only), nosniff, a
 * referrer policy, and no framing by other sites.
 * Registered before the page cache so that a cache hit carries them too.
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

const securityHeaders: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Images and assets are the site's own; other sites may not embed them either.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
};

export default fp(securityHeaders, { name: 'portal-security-headers', fastify: '5.x' });
