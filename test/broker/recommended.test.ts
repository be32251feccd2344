import t from 'tap';
import type { Belonger } from '../../src/contracts/gateway/index.ts';
import { backendObj, backendRows, portalOverBackend } from '../listings/helpers.ts';

/**
 * Issue 17: "agent recommendations on detail pages use getPersonalized": a second-hand detail recommends other agents of
 * the listing's area, each linking to their /broker/{id} page, never the listing's own agent twice.
 */
const { backend, get } = await portalOverBackend(t);

t.test('a second-hand detail recommends other agents of its area, linked to their pages', async (t) => {
  const rows = backendRows(
    backend,
    'SELECT id, belonger_id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 40',
  ) as Array<{ id: number; belonger_id: number }>;
  // The first listing whose area has agents besides its own (the small test seed has some areas with one agent).
  let row = rows[0] as { id: number; belonger_id: number };
  let expected: Belonger[] = [];
  for (const r of rows) {
    const list = await backendObj<Belonger[]>(backend, '/api/belonger/getPersonalized', { houseId: r.id, cityId: 1, limit: 4 });
    expected = list.filter((b) => b.belongerId !== r.belonger_id).slice(0, 3);
    row = r;
    if (expected.length) break;
  }
  t.ok(expected.length > 0, 'the area has other agents');
  const r = await get(`/ershoufang/${row.id}.html`);
  t.equal(r.statusCode, 200);
  const block = /data-testid="recommended-agents">([\s\S]*?)<\/div>/.exec(r.body)?.[1] ?? '';
  t.match(r.body, '为您推荐经纪人');
  for (const b of expected) t.match(block, `href="/broker/${b.belongerId}"`, `${b.name} linked`);
  t.notMatch(block, `href="/broker/${row.belonger_id}"`, "the listing's own agent is not recommended again");
});
