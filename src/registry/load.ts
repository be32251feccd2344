import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import { isUnifiedSocialCreditCode } from '../lib/credit-code.ts';
import { HEAP_BESIDE_MEMOS_MB } from '../worker-memory.ts';
import { createMatcher, type Matcher, PatternError } from './match.ts';
import schema from './registry.schema.json' with { type: 'json' };
import type { ActionEntry, PageEntry, RedirectRule, RegistryFile } from './types.ts';

/** Names the code knows; the registry may only refer to these (middleware are only warned about: SPEC 8). */
export interface KnownNames {
  middleware: ReadonlySet<string>;
  validators: ReadonlySet<string>;
  loaders: ReadonlySet<string>;
  modules: ReadonlySet<string>;
  /** Issue 33: the actions' access middleware, handlers and body schemas (src/actions/index.ts). */
  actionMiddleware: ReadonlySet<string>;
  actionHandlers: ReadonlySet<string>;
  actionBodies: ReadonlySet<string>;
}

/** An action's limit middleware: `rate-limit:<a name of site.rateLimits>`. */
export const RATE_LIMIT_PREFIX = 'rate-limit:';

export interface Registry {
  file: RegistryFile;
  pages: Matcher<PageEntry>;
  redirects: Matcher<RedirectRule>;
  byName: ReadonlyMap<string, PageEntry>;
  /** Issue 33: the writes, matched by path like the pages. */
  actions: Matcher<ActionEntry>;
  warnings: string[];
}

export class RegistryError extends Error {
  readonly problems: string[];
  constructor(source: string, problems: string[]) {
    super(`${source} is invalid:\n  - ${problems.join('\n  - ')}`);
    this.name = 'RegistryError';
    this.problems = problems;
  }
}

// useDefaults: optional settings (site.app) get the schema's defaults, so the compiled file is complete.
// verbose: a pattern error can quote the field's description, which says in words what the pattern wants.
const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, verbose: true });
const validateShape = ajv.compile<RegistryFile>(schema);

/** Turn an ajv error into "page 'name' (#i) field x: message" so ops know which entry to fix. */
function describe(raw: unknown, e: ErrorObject): string {
  const parts = e.instancePath.split('/').slice(1);
  let where = parts.length ? parts.join('.') : 'registry';
  if (parts[0] === 'pages' && parts[1] !== undefined) {
    const page = (raw as { pages?: Array<{ name?: unknown }> }).pages?.[Number(parts[1])];
    const name = typeof page?.name === 'string' ? `'${page.name}'` : '(unnamed)';
    where = `page ${name} (#${parts[1]})${parts.length > 2 ? ` field ${parts.slice(2).join('.')}` : ''}`;
  } else if (parts[0] === 'actions' && parts[1] !== undefined) {
    const action = (raw as { actions?: Array<{ name?: unknown }> }).actions?.[Number(parts[1])];
    const name = typeof action?.name === 'string' ? `'${action.name}'` : '(unnamed)';
    where = `action ${name} (#${parts[1]})${parts.length > 2 ? ` field ${parts.slice(2).join('.')}` : ''}`;
  } else if (parts[0] === 'redirects' && parts[1] !== undefined) {
    where = `redirect #${parts[1]}${parts.length > 2 ? ` field ${parts.slice(2).join('.')}` : ''}`;
  } else if (parts[0] === 'site' && parts[1] === 'cityContacts' && parts[2] !== undefined) {
    // Issue 32: "site.cityContacts '2' (武汉) field supervisionPhone: …", the entry by its city id and label.
    const label = (raw as { site?: { cityContacts?: Record<string, { city?: unknown }> } }).site?.cityContacts?.[parts[2]]?.city;
    where = `site.cityContacts '${parts[2]}'${typeof label === 'string' ? ` (${label})` : ''}${parts.length > 3 ? ` field ${parts.slice(3).join('.')}` : ''}`;
  }
  // A bad key (propertyNames) is reported on the object holding it: name the key.
  if (e.propertyName !== undefined) where += ` key '${e.propertyName}'`;
  const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  const allowed = e.keyword === 'enum' ? ` (${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')})` : '';
  const said = (e.parentSchema as { description?: unknown } | undefined)?.description;
  const meaning = e.keyword === 'pattern' && typeof said === 'string' ? `: ${said}` : '';
  return `${where}: ${e.message}${extra}${allowed}${meaning}`;
}

export function compileRegistry(raw: unknown, known: KnownNames): Registry {
  if (!validateShape(raw)) {
    // oneOf errors repeat their branches; keep each message once.
    // A bad key's own error (its pattern) says it; the propertyNames summary beside it says nothing more.
    const errors = (validateShape.errors ?? []).filter((e) => e.keyword !== 'propertyNames');
    const problems = [...new Set(errors.map((e) => describe(raw, e)))];
    throw new RegistryError('registry', problems);
  }
  const file = raw;
  const problems: string[] = [];
  const warnings: string[] = [];
  const byName = new Map<string, PageEntry>();
  // Issue 32: the licence's code must be one the licence could carry, not a placeholder.
  if (!isUnifiedSocialCreditCode(file.site.creditCode))
    problems.push(
      `site.creditCode: '${file.site.creditCode}' is not a unified social credit code (its last character is not the GB 32100-2015 check character of the first 17)`,
    );
  checkWorkerMemory(file, problems);
  checkOpsWindows(file, problems);
  for (const [layoutName, layout] of Object.entries(file.layouts)) {
    for (const m of layout.middleware) if (!known.middleware.has(m)) warnings.push(`layout '${layoutName}': unknown middleware '${m}'`);
  }
  file.pages.forEach((page, i) => {
    const where = `page '${page.name}' (#${i})`;
    if (byName.has(page.name)) problems.push(`${where} field name: duplicate name`);
    byName.set(page.name, page);
    if (!file.layouts[page.layout]) problems.push(`${where} field layout: unknown layout '${page.layout}'`);
    if (!known.modules.has(page.module)) problems.push(`${where} field module: unknown module '${page.module}'`);
    if (page.validate && !known.validators.has(page.validate))
      problems.push(`${where} field validate: unknown validator '${page.validate}'`);
    if (page.loader && !known.loaders.has(page.loader)) problems.push(`${where} field loader: unknown loader '${page.loader}'`);
    for (const m of page.middleware ?? []) {
      if (!known.middleware.has(m)) warnings.push(`${where} field middleware: unknown middleware '${m}' (requests will get 500)`);
    }
    for (const p of page.paths) {
      try {
        createMatcher([{ patterns: [p], target: null }]);
      } catch (err) {
        problems.push(`${where} field paths: ${err instanceof PatternError ? err.message : String(err)}`);
      }
    }
  });
  checkActions(file, known, problems);
  file.redirects.forEach((r, i) => {
    try {
      createMatcher([{ patterns: [r.from], target: null }]);
    } catch (err) {
      problems.push(`redirect #${i} field from: ${err instanceof PatternError ? err.message : String(err)}`);
    }
  });
  if (problems.length) throw new RegistryError('registry', problems);
  return {
    file,
    pages: createMatcher(file.pages.map((p) => ({ patterns: p.paths, target: p }))),
    redirects: createMatcher(file.redirects.map((r) => ({ patterns: [r.from], target: r }))),
    byName,
    actions: createMatcher(file.actions.map((a) => ({ patterns: [a.path], target: a }))),
    warnings,
  };
}

/** Issue 35 part 3: a worker's V8 old space holds both memos, with room beside them. */
function checkWorkerMemory(file: RegistryFile, problems: string[]): void {
  const { maxOldSpaceMb } = file.site.workerMemory;
  const memosMb = Math.ceil((file.site.markupCache.maxBytes + file.site.answerMemo.maxBytes) / 1024 / 1024);
  if (maxOldSpaceMb > 0 && maxOldSpaceMb < memosMb + HEAP_BESIDE_MEMOS_MB)
    problems.push(
      `site.workerMemory.maxOldSpaceMb: ${maxOldSpaceMb} MB cannot hold site.markupCache and site.answerMemo (${memosMb} MB) and ${HEAP_BESIDE_MEMOS_MB} MB beside them: at least ${memosMb + HEAP_BESIDE_MEMOS_MB}, or 0 for V8's own ceiling`,
    );
}

/** Issue 36 part 2: the slowest-pages window holds at least two metric snapshots, or it could diff nothing. */
function checkOpsWindows(file: RegistryFile, problems: string[]): void {
  const { slowestWindowSeconds, metricsSampleSeconds } = file.site.ops;
  if (slowestWindowSeconds < 2 * metricsSampleSeconds)
    problems.push(
      `site.ops.slowestWindowSeconds: ${slowestWindowSeconds} s holds fewer than two metric snapshots of site.ops.metricsSampleSeconds (${metricsSampleSeconds} s): at least ${2 * metricsSampleSeconds}`,
    );
}

/** Every action names a known handler, body and middleware (a limit of site.rateLimits), once, at a path of its own. */
function checkActions(file: RegistryFile, known: KnownNames, problems: string[]): void {
  const names = new Set<string>();
  const paths = new Set<string>();
  file.actions.forEach((action, i) => {
    const where = `action '${action.name}' (#${i})`;
    if (names.has(action.name)) problems.push(`${where} field name: duplicate name`);
    names.add(action.name);
    if (paths.has(action.path)) problems.push(`${where} field path: duplicate path '${action.path}'`);
    paths.add(action.path);
    if (!known.actionHandlers.has(action.handler)) problems.push(`${where} field handler: unknown handler '${action.handler}'`);
    if (action.body && !known.actionBodies.has(action.body)) problems.push(`${where} field body: unknown body schema '${action.body}'`);
    for (const m of action.middleware) {
      if (m.startsWith(RATE_LIMIT_PREFIX)) {
        const limit = m.slice(RATE_LIMIT_PREFIX.length);
        if (!file.site.rateLimits[limit]) problems.push(`${where} field middleware: '${m}' names no limit of site.rateLimits`);
      } else if (!known.actionMiddleware.has(m)) problems.push(`${where} field middleware: unknown middleware '${m}'`);
    }
    try {
      createMatcher([{ patterns: [action.path], target: null }]);
    } catch (err) {
      problems.push(`${where} field path: ${err instanceof PatternError ? err.message : String(err)}`);
    }
  });
}

/** A registry file as read: its text and the SHA-256 of its bytes (what `sha256sum registry.json` prints). */
export interface RegistrySource {
  text: string;
  sha256: string;
}

export function readRegistrySource(path: string): RegistrySource {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw new RegistryError(path, [`cannot read: ${(err as Error).message}`]);
  }
  return { text: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Compiles a file's text; every problem is reported against `path`. */
export function compileRegistrySource(source: RegistrySource, path: string, known: KnownNames): Registry {
  let raw: unknown;
  try {
    raw = JSON.parse(source.text);
  } catch (err) {
    throw new RegistryError(path, [`not valid JSON: ${(err as Error).message}`]);
  }
  try {
    return compileRegistry(raw, known);
  } catch (err) {
    if (err instanceof RegistryError) throw new RegistryError(path, err.problems);
    throw err;
  }
}

export function loadRegistryFile(path: string, known: KnownNames): Registry {
  return compileRegistrySource(readRegistrySource(path), path, known);
}
