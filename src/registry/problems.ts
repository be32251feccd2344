/**
 * Issue 36 part 2: a refused registry's problems by entry and field, for the ops console. The check at load
 * (src/registry/load.ts) words each problem as `<where>[ field <field>]: <message>`; this reads that back.
 */

export interface RegistryProblem {
  /** The entry: `page 'home'`, `action 'login'`, `redirect #2`, `layout 'default'`, `site`, `registry`. */
  entry: string;
  /** The field inside it (`loader`, `pageCache.maxEntries`), or '' when the problem is the entry's own. */
  field: string;
  message: string;
}

const NAMED = /^(page|action) ('[^']*'|\(unnamed\)) \(#\d+\)(?: field ([^:]+?))?(?: key '([^']*)')?: ([\s\S]*)$/;
const REDIRECT = /^(redirect #\d+)(?: field ([^:]+?))?: ([\s\S]*)$/;
const CITY = /^site\.cityContacts '([^']*)'(?: \([^)]*\))?(?: field ([^:]+?))?(?: key '[^']*')?: ([\s\S]*)$/;
const DOTTED = /^([A-Za-z$][\w$-]*(?:\.[\w$-]+)*)(?: key '([^']*)')?: ([\s\S]*)$/;

const withKey = (field: string, key: string | undefined) => (key ? (field ? `${field} key '${key}'` : `key '${key}'`) : field);

export function splitProblem(problem: string): RegistryProblem {
  let m = NAMED.exec(problem);
  if (m) return { entry: `${m[1]} ${m[2]}`, field: withKey(m[3] ?? '', m[4]), message: m[5] };
  m = REDIRECT.exec(problem);
  if (m) return { entry: m[1], field: m[2] ?? '', message: m[3] };
  m = CITY.exec(problem);
  if (m) return { entry: `site.cityContacts '${m[1]}'`, field: m[2] ?? '', message: m[3] };
  m = DOTTED.exec(problem);
  if (m) {
    const [head, ...rest] = m[1].split('.');
    if (head === 'layouts' && rest.length > 0)
      return { entry: `layout '${rest[0]}'`, field: withKey(rest.slice(1).join('.'), m[2]), message: m[3] };
    return { entry: head, field: withKey(rest.join('.'), m[2]), message: m[3] };
  }
  // `not valid JSON: …`, `cannot read: …`: the file itself.
  return { entry: 'registry', field: '', message: problem };
}
