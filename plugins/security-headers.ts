import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { BOOT_SCRIPT_SOURCE } from '../src/render/boot-script.ts';

/**
 * Security headers on every answer (issue 11 point 8), from helmet: a Content-Security-Policy the pages
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

/**
 * helmet's middleware, built once. @fastify/helmet builds it again for every request (its onRequest hook calls
 * `helmet(options)`, which validates the options and parses the policy each time): about 8 µs per request against
 * 0.1-0.4 µs for the built middleware (issue 20, a micro-benchmark of this policy), for headers that never change.
 */
const applySecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // Images and assets are the site's own; other sites may not embed them either.
  crossOriginResourcePolicy: { policy: 'same-origin' },
});

const securityHeaders: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );
};

export default fp(securityHeaders, { name: 'portal-security-headers', fastify: '5.x' });
