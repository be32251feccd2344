import { readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { WORKERS_REPORTING } from '../../src/metrics/cluster.ts';
import { createPortalMetrics, METRIC_NAMES } from '../../src/metrics/portal-metrics.ts';
import { processMetrics } from '../../src/metrics/process-metrics.ts';
import { ROOT } from '../helpers/build.ts';

/**
 * Issue 36 part 1: ops/grafana/portal.json is built on the names the portal exposes. A metric renamed in the code (or
 * mistyped in the dashboard) is a panel that shows nothing; this test names it.
 */

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { uid: string };
  targets?: Array<{ expr: string }>;
}

const dashboard = JSON.parse(readFileSync(path.join(ROOT, 'ops/grafana/portal.json'), 'utf8')) as {
  uid: string;
  panels: Panel[];
  templating: { list: Array<{ name: string }> };
};

async function exposedNames(): Promise<Set<string>> {
  const metrics = createPortalMetrics();
  metrics.watch({ sockets: () => ({ member: 0, chat: 0 }), redisUp: () => true, generation: () => 0 });
  const json = [...(await metrics.registry.getMetricsAsJSON()), ...(await processMetrics().getMetricsAsJSON())];
  return new Set([...json.map((m) => m.name), WORKERS_REPORTING]);
}

t.test('every metric a panel queries is one the portal exposes', async (t) => {
  const exposed = await exposedNames();
  const queried = new Set<string>();
  for (const panel of dashboard.panels) {
    for (const target of panel.targets ?? []) {
      for (const [name] of target.expr.matchAll(/portal_[a-z0-9_]+/g)) {
        const base = name.replace(/_(bucket|sum|count)$/, '');
        queried.add(base);
        t.ok(exposed.has(base), `${panel.title}: ${name}`);
      }
    }
  }
  for (const name of Object.values(METRIC_NAMES)) t.ok(queried.has(name), `a panel shows ${name}`);
});

t.test('the dashboard is one Grafana can import: unique panel ids, a Prometheus data source variable', async (t) => {
  const ids = dashboard.panels.map((p) => p.id);
  t.equal(new Set(ids).size, ids.length);
  t.ok(dashboard.uid);
  t.same(
    dashboard.templating.list.map((v) => v.name),
    ['datasource', 'job'],
  );
  for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
    // Grafana's own variable syntax, not a template literal.
    t.equal(panel.datasource?.uid, ['$', '{datasource}'].join(''), `${panel.title} reads the chosen data source`);
  }
});
