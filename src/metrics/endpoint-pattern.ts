/**
 * The label a gateway call is counted under (issue 36 part 1): its path with the ids taken out, so that
 * `api/house/search/detail/196` and `…/detail/197` are one endpoint and the label set stays bounded.
 */

/** A path segment that is a value, not a name: digits, a house number or member id, encoded text, a list, a token. */
function isValue(segment: string): boolean {
  if (segment.length > 32) return true;
  // A name starts with a letter; `7m` (a distance) or `2024-01` does not.
  const first = segment.charCodeAt(0);
  if (first >= 48 && first <= 57) return true;
  let digits = 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    // Anything but letters, digits, `_`, `-` and `.`: percent-encoded text (seg() encodes what users typed), `1,2,3`.
    else if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46)) return true;
  }
  // `196`, `CSES0000196`, `u1001`, `13800000000`, `500m`; a name keeps its one or two digits (`key2`, `v2`).
  return digits === segment.length ? digits > 0 : digits >= 3;
}

/**
 * `api/house/search/detail/196` → `api/house/search/detail/:id`, `/api/zhcall/10/11` → `api/zhcall/:id/:id`,
 * `api/daikan/findRecordListByHouseNumber/CSES0000196` → `api/daikan/findRecordListByHouseNumber/:id`. The leading
 * slash and the query are dropped (the SPEC writes some paths with the slash, some without).
 */
export function endpointPattern(path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 47) start++;
  const q = path.indexOf('?', start);
  const bare = path.slice(start, q === -1 ? path.length : q);
  const segments = bare.split('/');
  for (let i = 0; i < segments.length; i++) if (isValue(segments[i])) segments[i] = ':id';
  return segments.join('/');
}

/** What a call to an endpoint beyond the bound is counted under. */
export const OTHER_ENDPOINT = 'other';

/**
 * Endpoint patterns with a hard bound on how many there are: a gateway path that holds a value the rule above does not
 * see (a word typed by a user) makes new patterns, and past `max` of them every new one is counted as `other`.
 */
export function boundedEndpoints(max: number) {
  const known = new Set<string>();
  // Paths seen recently and their labels: most calls repeat a path, the pattern is then one lookup.
  let recent = new Map<string, string>();
  return function endpointOf(path: string): string {
    const hit = recent.get(path);
    if (hit !== undefined) return hit;
    const pattern = endpointPattern(path);
    let label = pattern;
    if (!known.has(pattern)) {
      if (known.size < max) known.add(pattern);
      else label = OTHER_ENDPOINT;
    }
    if (recent.size >= 4096) recent = new Map();
    recent.set(path, label);
    return label;
  };
}
