import { createHash } from 'node:crypto';

/**
 * The one inline script of a page (issue 20: what the phone waits for). It starts the client after the first paint:
 * the screen's HTML and its own stylesheet are all a first paint needs, and the 90 KB of script that hydrate it would
 * otherwise be requested in the same instant as the screen's images and share a phone's bandwidth with them. After the
 * first frame it adds the entry module and the modulepreload links (the first screen's chunks, fetched in parallel)
 * whose URLs the element carries, four links per task: each request costs the main thread about 1.5 ms, and a detail's
 * nineteen in one task were a long task on a phone (issue 20: total blocking time). A hidden tab, which paints no
 * frame, starts after 300 ms.
 * The text never changes, so the Content-Security-Policy allows it by its hash (plugins/security-headers.ts) and a
 * cached page needs no per-response nonce.
 */
export const BOOT_SCRIPT =
  "(function(){var d=document,b=d.currentScript,done=0;function go(){if(done)return;done=1;var e=b.getAttribute('data-entry'),l=(b.getAttribute('data-preload')||'').split(' ').filter(function(h){return h&&h!==e}),n=0;function add(){l.slice(n,n+4).forEach(function(h){var k=d.createElement('link');k.rel='modulepreload';k.href=h;d.head.appendChild(k)});if(!n){var s=d.createElement('script');s.type='module';s.src=e;d.body.appendChild(s)}n+=4;if(n<l.length)setTimeout(add,0)}add()}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,300)})()";

/** The CSP source that allows BOOT_SCRIPT and nothing else. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
