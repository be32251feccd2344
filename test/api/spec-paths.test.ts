import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

/**
 * Every gateway call of SPEC 7.2 to 7.10 has a client function whose path is written exactly as the SPEC gives it
 * (leading slash or not, trailing slash kept); {params} may be any template expression.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const spec = readFileSync('/work/shared/SPEC.md', 'utf8');
const section7 = spec.slice(spec.indexOf('## 7.'), spec.indexOf('## 8.'));
const apiDir = path.join(ROOT, 'src/api');
const sources = readdirSync(apiDir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(path.join(apiDir, f), 'utf8'))
  .join('\n');

const NOT_GATEWAY_PATHS = new Set(['to', 'calls', 'article']);
const calls = [...section7.matchAll(/\b(GET|POST) ([^\s;(]+)/g)]
  .map((m) => m[2].replace(/\{fixed$/, '{id}'))
  .filter((p) => !NOT_GATEWAY_PATHS.has(p));

function pattern(p: string): RegExp[] {
  // /api/houseoperatelog/{id}[/{x}]: two calls.
  if (p.includes('[')) return [pattern(p.replace(/\[.*\]/, ''))[0], pattern(p.replace(/\[(.*)\]/, '$1'))[0]];
  const esc = p
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (!part.startsWith('{')) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      // {Zufang|Ershoufang|...} is a choice made by a parameter, like any {param}.
      return '\\$\\{[^}]+\\}';
    })
    .join('');
  return [new RegExp(`['\`]${esc}(?:['\`]|\\$\\{[^}]+\\}m\`)`)];
}

t.ok(calls.length > 150, `${calls.length} calls read from SPEC 7`);
for (const p of new Set(calls)) {
  t.test(`SPEC call ${p} has a client function with that exact path`, async (t) => {
    for (const re of pattern(p)) t.match(sources, re);
  });
}

t.test('the calls on other hosts use their own paths (chat host, house service, www host)', async (t) => {
  for (const name of ['adduser', 'friendkey', 'getServerTime', 'reporter', 'chatframe']) t.match(sources, new RegExp(`'${name}'`));
  t.match(sources, /'info\/InfoFangList'/);
  t.match(sources, /`info\/article\/getInfoDetail\/\$\{/);
  t.match(sources, /'apply\/saveApply'/);
  t.match(sources, /'Personinformation\/find'/);
  t.match(sources, /'Personinformation\/save'/);
});
