/**
 * The one rule for state-changing posts (login, logout, every member action; issue 13): a post must come from a page
 * of this very host. A browser says where a request comes from in `Sec-Fetch-Site` and `Origin`; when it says
 * anything else than this origin, the post is refused. A request that carries neither (an old browser, a script) is
 * let through: the login cookie is SameSite=Lax, so another site's form cannot carry it anyway.
 */

/** `Sec-Fetch-Site` values of a request made by this origin's own pages, or by the user (typed, bookmark). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface PostOriginHeaders {
  origin?: string | string[];
  'sec-fetch-site'?: string | string[];
}

/** True when the post may change state: its Origin (when sent) is `host`, and Sec-Fetch-Site (when sent) is ours. */
export function isSameOriginPost(headers: PostOriginHeaders, host: string | undefined): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && (typeof site !== 'string' || !OWN_FETCH_SITES.has(site.toLowerCase()))) return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  // `Origin: null` is what sandboxed frames, data: URLs and some redirects send: no page of ours.
  if (typeof origin !== 'string' || origin === '' || origin === 'null' || !host) return false;
  try {
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}
