import { createHash } from 'node:crypto';

/**
 * The one inline script of a page (issue 20: what the phone waits for). It starts the client after the first paint:
 * the screen's HTML and its own stylesheet are all a first paint needs, and the 90 KB of script that hydrate it would
 * otherwise be requested in the same instant as the screen's images and share a phone's bandwidth with them. After the
 * first frame it adds the modulepreload links (the first screen's chunks, fetched in parallel) and the entry module
 * whose URLs the element carries; a hidden tab, which paints no frame, starts after 300 ms.
 * The text never changes, so the Content-Security-Policy allows it by its hash (plugins/security-headers.ts) and a
 * cached page needs no per-response nonce.
 */
export const BOOT_SCRIPT =
  "(function(){var d=document,b=d.currentScript,done=0;function go(){if(done)return;done=1;(b.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});var s=d.createElement('script');s.type='module';s.src=b.getAttribute('data-entry');d.body.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,300)})()";

/** The CSP source that allows BOOT_SCRIPT and nothing else. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
