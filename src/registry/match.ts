/**
 * The one route matcher, shared by the server and the browser bundle (DESIGN.md "Matching").
 *
 * Pattern syntax: `/a/b` static, `:id` param, `:id?` optional param, `:id(\d+)` constrained param,
 * `:id.html` param followed by a literal, trailing `/*` wildcard tail (also matches the bare path; the tail
 * is in params['*']). Matching is case-insensitive and a trailing slash is optional.
 *
 * Precedence: fully static patterns first, then parameterised ones, then wildcard tails; within a tier the
 * first declared wins. Nuxt generated its routes in that order, and it keeps `/ershoufang/details` from
 * being taken by `/ershoufang/:id` whatever order ops write the registry in.
 */

export interface CompiledRoute<T> {
  pattern: string;
  regex: RegExp;
  keys: string[];
  tier: 0 | 1 | 2;
  order: number;
  target: T;
}

export interface Matcher<T> {
  match(pathname: string): { target: T; params: Record<string, string>; pattern: string } | null;
  routes: ReadonlyArray<CompiledRoute<T>>;
}

export class PatternError extends Error {}
// On the prototype, not a class field: the browser's router runs this module, and the es2020 build would add helpers.
PatternError.prototype.name = 'PatternError';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compile one pattern into an anchored, case-insensitive regex over the decoded path. */
export function compilePattern(pattern: string): { regex: RegExp; keys: string[]; tier: 0 | 1 | 2 } {
  if (!pattern.startsWith('/')) throw new PatternError(`pattern "${pattern}" must start with /`);
  let rest = pattern;
  let wildcard = false;
  if (rest === '/*' || rest.endsWith('/*')) {
    wildcard = true;
    rest = rest.slice(0, -2);
  }
  if (rest.includes('*')) throw new PatternError(`pattern "${pattern}": * is only allowed as a trailing /* tail`);
  // Trailing slash is optional everywhere, so drop it from the pattern itself.
  if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
  const keys: string[] = [];
  let source = '';
  let i = 0;
  const paramRe = /:([A-Za-z_][A-Za-z0-9_]*)(\((?:[^()\\]|\\.|\([^()]*\))+\))?(\?)?/y;
  while (i < rest.length) {
    const ch = rest[i];
    if (ch === ':') {
      paramRe.lastIndex = i;
      const m = paramRe.exec(rest);
      if (!m) throw new PatternError(`pattern "${pattern}": bad parameter at ${i}`);
      const [whole, name, constraint, optional] = m;
      if (rest[i + whole.length] === '(') throw new PatternError(`pattern "${pattern}": unterminated constraint after :${name}`);
      if (keys.includes(name)) throw new PatternError(`pattern "${pattern}": parameter :${name} appears twice`);
      keys.push(name);
      const body = constraint ? `(${constraint.slice(1, -1)})` : '([^/]+?)';
      if (constraint) {
        try {
          new RegExp(constraint);
        } catch {
          throw new PatternError(`pattern "${pattern}": constraint ${constraint} is not a valid regular expression`);
        }
      }
      if (optional) {
        // `/a/:id?` → the slash is optional with the param; `/ditie:id?/` → only the param is.
        if (source.endsWith('/') && (i + whole.length === rest.length || rest[i + whole.length] === '/')) {
          source = `${source.slice(0, -1)}(?:/${body})?`;
        } else {
          source += `${body}?`;
        }
      } else {
        source += body;
      }
      i += whole.length;
    } else {
      source += escapeRe(ch);
      i += 1;
    }
  }
  if (source === '/') source = '';
  const tail = wildcard ? '(?:/(.*?))?' : '';
  if (wildcard) keys.push('*');
  const regex = new RegExp(`^${source}${tail}/?$`, 'i');
  const tier: 0 | 1 | 2 = wildcard ? 2 : keys.length > 0 ? 1 : 0;
  return { regex, keys, tier };
}

/** Decode each segment; a malformed escape (`%E4%B`) makes the path unmatchable rather than throwing. */
export function decodePath(pathname: string): string | null {
  try {
    return pathname
      .split('/')
      .map((seg) => (seg.includes('%') ? decodeURIComponent(seg).replace(/\//g, '%2F') : seg))
      .join('/');
  } catch {
    return null;
  }
}

/** The static first segment of a pattern (lower-cased), or null when it holds a parameter or is a bare wildcard. */
function firstSegment(pattern: string): string | null {
  const seg = pattern.split('/')[1] ?? '';
  if (seg === '*' || seg.includes(':') || seg.includes('(')) return null;
  return seg.toLowerCase();
}

export function createMatcher<T>(entries: Array<{ patterns: string[]; target: T }>): Matcher<T> {
  const routes: CompiledRoute<T>[] = [];
  let order = 0;
  for (const { patterns, target } of entries) {
    for (const pattern of patterns) {
      const { regex, keys, tier } = compilePattern(pattern);
      routes.push({ pattern, regex, keys, tier, order: order++, target });
    }
  }
  routes.sort((a, b) => a.tier - b.tier || a.order - b.order);
  // Candidates per first path segment, each list in precedence order with the generic routes merged in, so a
  // request tests a handful of regexes instead of every route. Each route's segment is read once: the browser
  // builds this table right after hydration, and reading it per pair of routes cost ~25 ms there (issue 20).
  const segments = routes.map((r) => firstSegment(r.pattern));
  const generic = routes.filter((_, i) => segments[i] === null);
  const buckets = new Map<string, CompiledRoute<T>[]>();
  for (const seg of new Set(segments)) {
    if (seg !== null)
      buckets.set(
        seg,
        routes.filter((_, i) => segments[i] === seg || segments[i] === null),
      );
  }
  return {
    routes,
    match(pathname) {
      const path = decodePath(pathname);
      if (path === null) return null;
      const end = path.indexOf('/', 1);
      const seg = (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
      for (const r of buckets.get(seg) ?? generic) {
        const m = r.regex.exec(path);
        if (!m) continue;
        const params: Record<string, string> = {};
        for (let i = 0; i < r.keys.length; i++) {
          const v = m[i + 1];
          if (v !== undefined && v !== '') params[r.keys[i]] = v;
        }
        return { target: r.target, params, pattern: r.pattern };
      }
      return null;
    },
  };
}

/**
 * Build a concrete path from a pattern and values: `/ershoufang/:id(\d+).html` + {id: 7} → `/ershoufang/7.html`.
 * Returns null when a required parameter is missing or does not satisfy its constraint.
 */
export function fillPattern(pattern: string, values: Record<string, string | undefined>): string | null {
  let out = pattern;
  let wildcard = '';
  if (out.endsWith('/*')) {
    out = out.slice(0, -2);
    wildcard = values['*'] ? `/${values['*']}` : '/';
  }
  const paramRe = /:([A-Za-z_][A-Za-z0-9_]*)(\((?:[^()\\]|\\.|\([^()]*\))+\))?(\?)?/g;
  let failed = false;
  out = out.replace(paramRe, (_whole, name: string, constraint: string | undefined, optional: string | undefined) => {
    const v = values[name];
    if (v === undefined || v === '') {
      if (!optional) failed = true;
      return '';
    }
    if (constraint && !new RegExp(`^${constraint.slice(1, -1)}$`).test(v)) failed = true;
    return encodeURIComponent(v);
  });
  if (failed) return null;
  out = out.replace(/\/{2,}/g, '/');
  if (out.length > 1 && out.endsWith('/') && !pattern.endsWith('/') && !wildcard) out = out.slice(0, -1);
  return (out + wildcard).replace(/\/{2,}/g, '/') || '/';
}
