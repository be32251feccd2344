import t from 'tap';
import { knownNames } from '../../src/app.ts';
import { compileRegistry, RegistryError } from '../../src/registry/load.ts';
import type { RegistryFile } from '../../src/registry/types.ts';
import { readRegistry } from '../helpers/build.ts';

/** Issue 33: an action names a known handler, body and middleware, or the registry is refused at load (SPEC 8). */
function problemsOf(edit: (r: RegistryFile) => void): string[] {
  const r = readRegistry();
  edit(r);
  try {
    compileRegistry(r, knownNames());
    return [];
  } catch (err) {
    if (err instanceof RegistryError) return err.problems;
    throw err;
  }
}

const favourite = (r: RegistryFile) => r.actions.find((a) => a.name === 'favourite') as RegistryFile['actions'][number];

t.test('the shipped registry declares its actions and loads', async (t) => {
  t.same(
    problemsOf(() => {}),
    [],
  );
  const names = readRegistry().actions.map((a) => a.name);
  t.ok(names.includes('favourite') && names.includes('info-comment'), 'member and article actions are declared');
});

t.test('unknown handler, body schema, middleware or limit: refused, naming the action and the field', async (t) => {
  t.match(
    problemsOf((r) => {
      favourite(r).handler = 'nope';
    }),
    [/action 'favourite' \(#\d+\) field handler: unknown handler 'nope'/],
  );
  t.match(
    problemsOf((r) => {
      favourite(r).body = 'nope';
    }),
    [/action 'favourite' \(#\d+\) field body: unknown body schema 'nope'/],
  );
  t.match(
    problemsOf((r) => void favourite(r).middleware.push('members')),
    [/field middleware: unknown middleware 'members'/],
  );
  t.match(
    problemsOf((r) => void favourite(r).middleware.push('rate-limit:nope')),
    [/'rate-limit:nope' names no limit of site\.rateLimits/],
  );
});

t.test('a duplicate name or path, a path outside /-/, a bad limit: refused', async (t) => {
  t.match(
    problemsOf((r) => void r.actions.push({ ...favourite(r) })),
    [/duplicate name/, /duplicate path/],
  );
  t.match(
    problemsOf((r) => {
      favourite(r).path = '/favourite';
    }),
    [/action 'favourite' \(#\d+\) field path/],
  );
  t.match(
    problemsOf((r) => {
      r.site.rateLimits['member-write'] = { max: 0, windowSeconds: 60, by: ['member'] };
    }),
    [/site\.rateLimits\.member-write\.max/],
  );
  t.match(
    problemsOf((r) => {
      r.site.rateLimits['member-write'] = { max: 5, windowSeconds: 60, by: ['cookie'] };
    }),
    [/site\.rateLimits\.member-write\.by\.0/],
  );
});
