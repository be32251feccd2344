import t from 'tap';
import { backendRows, portalOverBackend, registerMember } from './helpers.ts';

/**
 * A second-hand detail (issue 34): the community card names the community in full (美的置业国际郡, not the short 国际郡
 * that SPEC 7.1 copies into `name`), and the follow count shows only when someone follows the listing.
 */

const text = (html: string) => html.replaceAll('<!-- -->', '');
const cardName = (html: string) => /<h3 class="dt-xq__name">([^<]*)<\/h3>/.exec(html)?.[1] ?? null;
const followChip = (html: string) => /data-testid="follow-count">([^<]*)</.exec(text(html))?.[1] ?? null;

t.test('the community card shows the community’s full name', async (t) => {
  const { backend, get } = await portalOverBackend(t);
  const rows = backendRows(
    backend,
    `SELECT l.id, x.name, x.sname FROM listing l JOIN xiaoqu x ON x.id = l.xiaoqu_id
     WHERE l.city_id = 1 AND l.house_type = 11 AND l.status = 1 AND x.sname != x.name AND length(x.name) > length(x.sname)
     ORDER BY l.id LIMIT 3`,
  ) as Array<{ id: number; name: string; sname: string }>;
  t.ok(rows.length > 0, 'some listings are in a community whose short name differs');
  for (const r of rows) {
    const res = await get(`/ershoufang/${r.id}.html`);
    t.equal(res.statusCode, 200);
    t.equal(cardName(res.body), r.name, `${r.id}: the card says ${r.name}, not ${r.sname}`);
    t.match(res.body, `alt="${r.name}"`, 'and so does its picture’s alt text');
  }
});

t.test('the follow count shows only when somebody follows the listing', async (t) => {
  const { backend, get } = await portalOverBackend(t);
  const [quiet, followed] = backendRows(
    backend,
    `SELECT l.id FROM listing l WHERE l.city_id = 1 AND l.house_type = 11 AND l.status = 1
     AND NOT EXISTS (SELECT 1 FROM collect c WHERE c.house_id = l.id) ORDER BY l.id LIMIT 2`,
  ).map((r) => r.id as number);
  if (!quiet || !followed) throw new Error('no listing without followers');

  const none = await get(`/ershoufang/${quiet}.html`);
  t.equal(none.statusCode, 200);
  t.equal(followChip(none.body), null, 'nobody follows it: no chip');
  t.notMatch(text(none.body), '0人关注', 'and no 0人关注 anywhere');

  const member = await registerMember(backend, '13834349034', '关注者');
  await fetch(`${backend.url}/api/house/collect/add/${followed}/${member.uid}`);
  const one = await get(`/ershoufang/${followed}.html`);
  t.equal(followChip(one.body), '1人关注', 'one member follows it: 1人关注');
});
