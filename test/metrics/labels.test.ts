import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { boundedEndpoints, endpointPattern, OTHER_ENDPOINT } from '../../src/metrics/endpoint-pattern.ts';
import { createPortalMetrics } from '../../src/metrics/portal-metrics.ts';
import { ROOT } from '../helpers/build.ts';
import { parseMetrics, samplesOf } from '../helpers/metrics-text.ts';

/**
 * Issue 36 part 1: the label sets stay bounded. A gateway path's ids, house numbers, member ids and typed words never
 * become a label; past a bound, whatever a bug would make a label of is counted as `other`.
 */

t.test('the paths of the issue collapse to their patterns', async (t) => {
  t.equal(endpointPattern('api/house/search/detail/196'), 'api/house/search/detail/:id');
  t.equal(endpointPattern('/api/zhcall/10/11'), 'api/zhcall/:id/:id');
  t.equal(endpointPattern('api/daikan/findRecordListByHouseNumber/CSES0000196'), 'api/daikan/findRecordListByHouseNumber/:id');
  t.equal(endpointPattern('/api/house/collect/add/58/u1001'), 'api/house/collect/add/:id/:id', 'a member id');
  t.equal(endpointPattern('/api/duanxindingyue/findByPhone/13800000000'), 'api/duanxindingyue/findByPhone/:id');
  t.equal(endpointPattern('/api/house/search/countBusiness/1/%E4%BA%94%E4%B8%80'), 'api/house/search/countBusiness/:id/:id', 'typed text');
  t.equal(endpointPattern('api/info/getInfoTypeListByArr/1,2,3'), 'api/info/getInfoTypeListByArr/:id');
  t.equal(endpointPattern('/api/search/?keyword=x&cityId=1'), 'api/search/', 'the query is dropped');
  t.equal(endpointPattern('/api/config/key2/zstupian'), 'api/config/key2/zstupian', 'a name with a digit is a name');
  t.equal(endpointPattern('/api/config/key/problem_ask'), 'api/config/key/problem_ask');
  t.equal(endpointPattern('/api/anchorlink/getXinfangAnchorLinks/7m'), 'api/anchorlink/getXinfangAnchorLinks/:id');
});

/** Every path the gateway client builds (src/api), with each `${…}` in it. */
function gatewayPathTemplates(): string[] {
  const dir = path.join(ROOT, 'src/api');
  const out = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    for (const [, template] of source.matchAll(/`(\/?(?:api|web|info|files)\/[^`]*\$\{[^`]*)`/g)) out.add(template);
  }
  return [...out];
}

t.test('every path of the gateway client, whatever ids it carries, is one pattern without them', async (t) => {
  const templates = gatewayPathTemplates();
  t.ok(templates.length > 80, `${templates.length} templated paths found in src/api`);
  const values = ['7', '196', 'CSES0000196', 'u1001', '13800000000', '%E9%95%BF%E6%B2%99', '1,2,3', 'c0ffee00-1234-4d2b-9a1e-0123456789ab'];
  const patterns = new Set<string>();
  for (const template of templates) {
    // An id goes through seg(); another `${…}` is a name chosen in code (`get${kind}AnchorLinks`).
    const filled = (v: string) => template.replace(/\$\{seg\([^)]*\)\}/g, v).replace(/\$\{[^}]*\}/g, 'Xinfang');
    const seen = new Set(values.map((v) => endpointPattern(filled(v))));
    t.equal(seen.size, 1, `${template} → ${[...seen].join(' | ')}`);
    const [pattern] = seen;
    t.notOk(
      values.some((v) => v.length > 1 && pattern.includes(v)),
      `${pattern} holds no value`,
    );
    patterns.add(pattern);
  }
  t.ok(patterns.size <= templates.length);
});

t.test('past the bound, a new endpoint is counted as other; the known ones keep their names', async (t) => {
  const endpointOf = boundedEndpoints(3);
  t.equal(endpointOf('api/a/1'), 'api/a/:id');
  t.equal(endpointOf('api/b'), 'api/b');
  t.equal(endpointOf('api/c'), 'api/c');
  t.equal(endpointOf('api/d'), OTHER_ENDPOINT);
  t.equal(endpointOf('api/a/2'), 'api/a/:id', 'a known pattern with a new id');
  t.equal(endpointOf('api/b?x=1'), 'api/b');
});

t.test('a flood of new names (a bug, typed words in a path) never makes more than the bound of labels', async (t) => {
  const metrics = createPortalMetrics();
  for (let i = 0; i < 1500; i++) {
    metrics.request(`entry-${i}`, 200, 0.001, 0.002, 100);
    metrics.gateway.called(
      `api/search/word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}`,
      'GET',
    );
  }
  const m = parseMetrics(await metrics.registry.metrics());
  const entries = new Set(samplesOf(m, 'portal_requests_total').map((s) => s.labels.entry));
  t.equal(entries.size, 1001, 'a thousand entries and other');
  t.ok(entries.has('other'));
  const other = samplesOf(m, 'portal_requests_total', { entry: 'other' });
  t.equal(other[0]?.value, 500, 'what is over the bound is still counted');
  const endpoints = new Set(samplesOf(m, 'portal_gateway_calls_total').map((s) => s.labels.endpoint));
  t.ok(endpoints.size <= 501, `${endpoints.size} endpoint labels`);
  t.ok(endpoints.has(OTHER_ENDPOINT));
});
