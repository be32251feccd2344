/**
 * Issue 36 part 2: what differs between two registry files, by entry and field, for the ops console (the file on disk
 * against the one serving; each reload's entries changed). Pages and actions are matched by name, redirects by their
 * `from`, layouts by key, so a moved entry is no change and a renamed one is one removed and one added.
 */

export interface RegistryChange {
  /** `page 'home'`, `action 'login'`, `redirect '/city/:id'`, `layout 'default'`, `site`, or the top-level key. */
  entry: string;
  /** The field that changed (`cache`, `pageCache.maxEntries`); '' when the whole entry was added or removed. */
  field: string;
  kind: 'added' | 'removed' | 'changed';
  /** The values, as short JSON (cut at VALUE_CHARS). */
  before?: string;
  after?: string;
}

const VALUE_CHARS = 120;

type Json = unknown;
type Obj = Record<string, Json>;

const isObject = (v: Json): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

export function shortJson(value: Json): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

/** Field-level changes of one entry present on both sides; objects one level further down (`pageCache.maxEntries`). */
function fieldChanges(entry: string, before: Obj, after: Obj, depth: number, prefix = ''): RegistryChange[] {
  const out: RegistryChange[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (same(a, b)) continue;
    const field = prefix + key;
    if (depth > 0 && isObject(a) && isObject(b)) {
      out.push(...fieldChanges(entry, a, b, depth - 1, `${field}.`));
      continue;
    }
    if (a === undefined) out.push({ entry, field, kind: 'added', after: shortJson(b) });
    else if (b === undefined) out.push({ entry, field, kind: 'removed', before: shortJson(a) });
    else out.push({ entry, field, kind: 'changed', before: shortJson(a), after: shortJson(b) });
  }
  return out;
}

/** The entries of a list, by identity (anything but a list has none). */
function keyed(value: Json, id: (item: Json, index: number) => string): Map<string, Json> {
  const out = new Map<string, Json>();
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.set(id(item, i), item);
    });
  }
  return out;
}

function entryChanges(label: (key: string) => string, before: Map<string, Json>, after: Map<string, Json>): RegistryChange[] {
  const out: RegistryChange[] = [];
  for (const [key, b] of after) {
    const a = before.get(key);
    if (a === undefined) out.push({ entry: label(key), field: '', kind: 'added' });
    else if (!same(a, b)) {
      if (isObject(a) && isObject(b)) out.push(...fieldChanges(label(key), a, b, 0));
      else out.push({ entry: label(key), field: '', kind: 'changed', before: shortJson(a), after: shortJson(b) });
    }
  }
  for (const key of before.keys()) if (!after.has(key)) out.push({ entry: label(key), field: '', kind: 'removed' });
  return out;
}

/** An entry's identity: the string at `key` (`name`, `from`), else its place. */
const idBy = (key: string) => (item: Json, i: number) => {
  const id = isObject(item) ? item[key] : undefined;
  return typeof id === 'string' ? id : `#${i}`;
};
const nameOf = idBy('name');
const fromOf = idBy('from');

/** The changes that turn registry file `before` into `after` (both parsed JSON, as written: no defaults filled in). */
export function diffRegistry(before: Json, after: Json): RegistryChange[] {
  if (!isObject(before) || !isObject(after)) return same(before, after) ? [] : [{ entry: 'registry', field: '', kind: 'changed' }];
  const out: RegistryChange[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const a = before[key];
    const b = after[key];
    if (same(a, b)) continue;
    if (key === 'site' && isObject(a) && isObject(b)) out.push(...fieldChanges('site', a, b, 1));
    else if (key === 'pages') out.push(...entryChanges((k) => `page '${k}'`, keyed(a, nameOf), keyed(b, nameOf)));
    else if (key === 'actions') out.push(...entryChanges((k) => `action '${k}'`, keyed(a, nameOf), keyed(b, nameOf)));
    else if (key === 'redirects') out.push(...entryChanges((k) => `redirect '${k}'`, keyed(a, fromOf), keyed(b, fromOf)));
    else if (key === 'layouts' && isObject(a) && isObject(b)) {
      const byKey = (o: Obj) => new Map(Object.entries(o));
      out.push(...entryChanges((k) => `layout '${k}'`, byKey(a), byKey(b)));
    } else if (a === undefined) out.push({ entry: key, field: '', kind: 'added', after: shortJson(b) });
    else if (b === undefined) out.push({ entry: key, field: '', kind: 'removed', before: shortJson(a) });
    else out.push({ entry: key, field: '', kind: 'changed', before: shortJson(a), after: shortJson(b) });
  }
  return out;
}

/** The text's parsed JSON, or undefined when it is not JSON. */
export function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}
