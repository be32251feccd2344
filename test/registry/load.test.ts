import { writeFileSync } from 'node:fs';
import t from 'tap';
import { knownNames } from '../../src/app.ts';
import { compileRegistry, loadRegistryFile, RegistryError } from '../../src/registry/load.ts';
import { readRegistry, writeTempRegistry } from '../helpers/build.ts';

const known = knownNames();

t.test('the shipped registry.json is valid', async (t) => {
  const reg = loadRegistryFile('registry.json', known);
  t.ok(reg.file.pages.length > 100, 'declares the pages of SPEC 2.1-2.4');
  t.same(reg.warnings, [], 'no warnings');
});

const problemsOf = (edit: (r: ReturnType<typeof readRegistry>) => void): string[] => {
  const raw = readRegistry();
  edit(raw);
  try {
    compileRegistry(raw, known);
  } catch (err) {
    if (err instanceof RegistryError) return err.problems;
    throw err;
  }
  return [];
};

t.test('a schema error names the page and the field', async (t) => {
  const problems = problemsOf((r) => {
    (r.pages[2] as unknown as Record<string, unknown>).cache = 'forever';
  });
  const name = readRegistry().pages[2].name;
  t.ok(
    problems.some((p) => p.startsWith(`page '${name}' (#2) field cache`)),
    problems.join('\n'),
  );
});

t.test('a missing required field and an unknown field are both reported', async (t) => {
  const problems = problemsOf((r) => {
    delete (r.pages[0] as unknown as Record<string, unknown>).module;
    (r.pages[1] as unknown as Record<string, unknown>).colour = 'red';
  });
  t.ok(
    problems.some((p) => p.includes('(#0)') && p.includes("must have required property 'module'")),
    problems.join('\n'),
  );
  t.ok(
    problems.some((p) => p.includes('(#1)') && p.includes('colour')),
    problems.join('\n'),
  );
});

t.test('site.app: a bad scheme, package or App Store id is reported with its field', async (t) => {
  const problems = problemsOf((r) => {
    r.site.app = { scheme: 'xf://', androidPackage: 'not a package', iosAppStoreId: 'id123' };
  });
  for (const field of ['scheme', 'androidPackage', 'iosAppStoreId'])
    t.ok(
      problems.some((p) => p.startsWith(`site.app.${field}: must match pattern`)),
      problems.join('\n'),
    );
});

t.test('site.markupCache: a negative or fractional bound is reported with its field; left out, it takes the default', async (t) => {
  for (const maxBytes of [-1, 1.5]) {
    const problems = problemsOf((r) => {
      r.site.markupCache = { maxBytes };
    });
    t.ok(
      problems.some((p) => p.startsWith('site.markupCache.maxBytes: must be')),
      problems.join('\n'),
    );
  }
  const raw = readRegistry();
  delete (raw.site as Partial<typeof raw.site>).markupCache;
  t.same(compileRegistry(raw, known).file.site.markupCache, { maxBytes: 16_777_216 });
});

t.test('unknown module, loader, validator, layout and a bad pattern are errors naming the page', async (t) => {
  const problems = problemsOf((r) => {
    r.pages[0].module = 'nope/missing';
    r.pages[1].loader = 'noSuchLoader';
    r.pages[2].validate = 'noSuchValidator';
    r.pages[3].layout = 'fancy';
    r.pages[4].paths = ['/a/*/b'];
  });
  const n = readRegistry().pages.map((p) => p.name);
  t.ok(problems.some((p) => p.includes(`page '${n[0]}'`) && p.includes("unknown module 'nope/missing'")));
  t.ok(problems.some((p) => p.includes(`page '${n[1]}'`) && p.includes("unknown loader 'noSuchLoader'")));
  t.ok(problems.some((p) => p.includes(`page '${n[2]}'`) && p.includes("unknown validator 'noSuchValidator'")));
  t.ok(problems.some((p) => p.includes(`page '${n[3]}'`) && p.includes("unknown layout 'fancy'")));
  t.ok(problems.some((p) => p.includes(`page '${n[4]}'`) && p.includes('field paths')));
});

t.test('duplicate page names are rejected', async (t) => {
  const problems = problemsOf((r) => {
    r.pages[1].name = r.pages[0].name;
  });
  t.ok(problems.some((p) => p.includes('duplicate name')));
});

t.test('an unknown middleware name is only a warning naming the page (requests get 500)', async (t) => {
  const raw = readRegistry();
  raw.pages[0].middleware = ['authenticated', 'frobnicate'];
  const reg = compileRegistry(raw, known);
  t.match(reg.warnings[0], new RegExp(`page '${raw.pages[0].name}'.*unknown middleware 'frobnicate'`));
});

t.test('a file that is not JSON is reported with its path', async (t) => {
  const file = writeTempRegistry();
  writeFileSync(file, '{ "pages": [');
  t.throws(() => loadRegistryFile(file, known), { name: 'RegistryError', message: /not valid JSON/ });
});
