/**
 * Agents (issue 17 part C; SPEC 2.1–2.3, 3, 7.7): /broker/{id} and /broker/details?id= show the agent's card, listings
 * by kind, viewings, comments and reviews from the embedded backend's seeded data; the call button shows the agent's
 * extension; unknown or malformed ids are the 404 screen; /broker/ lists the city's agents.
 */
import t from 'tap';
import { assertNotFoundScreens, backendRows, canonical, portalOverBackend, title, total } from '../listings/helpers.ts';

const { backend, get } = await portalOverBackend(t);

/** The agent of the city with the most listings (so every section has something to show). */
const [busy] = backendRows(
  backend,
  `SELECT b.id, b.name, b.ext_num AS extNum, b.years, b.deal_count AS deals, s.name AS store, b.store_id AS storeId
   FROM belonger b JOIN store s ON s.id = b.store_id JOIN listing l ON l.belonger_id = b.id
   WHERE b.city_id = 1 AND l.status = 1 GROUP BY b.id ORDER BY COUNT(*) DESC LIMIT 1`,
) as Array<{ id: number; name: string; extNum: string; years: number; deals: number; store: string; storeId: number }>;
const agent = busy as NonNullable<typeof busy>;

t.test('an agent page shows the card, the listings by kind, viewings, comments and the extension to call', async (t) => {
  const r = await get(`/broker/${agent.id}`);
  t.equal(r.statusCode, 200);
  const html = r.body;
  t.match(html, 'data-testid="broker-card"');
  t.match(html, new RegExp(`<h1 class="bk-card__name">${agent.name}`), 'the agent name is the heading');
  t.match(html, `href="/mendian/${agent.storeId}.html"`, 'the store links to its page');
  t.match(html, agent.store);
  if (agent.years) t.match(html, `data-testid="broker-years">${agent.years}年`);
  t.match(html, `data-testid="broker-ext">${agent.extNum}<`, 'the call button shows the agent extension (zhcall extNum)');
  t.match(html, /href="tel:[^"]+"/, 'the call button dials the switchboard');
  const counts = backendRows(
    backend,
    'SELECT house_type AS houseType, COUNT(*) AS n FROM listing WHERE belonger_id = ? AND status = 1 GROUP BY house_type',
    agent.id,
  ) as Array<{ houseType: number; n: number }>;
  t.ok(counts.length > 0);
  for (const c of counts) {
    t.match(html, `data-kind="${c.houseType}"`, `listings of house type ${c.houseType}`);
    t.match(html, `（${c.n}套）`, `its count ${c.n}`);
  }
  const viewings = backendRows(backend, 'SELECT COUNT(*) AS n FROM daikan WHERE belonger_id = ?', agent.id)[0] as { n: number };
  t.match(html, `带看记录<small>（共${viewings.n}次）`, 'the viewing count');
  const comments = backendRows(
    backend,
    'SELECT content FROM listing_comment WHERE belonger_id = ? ORDER BY id DESC LIMIT 1',
    agent.id,
  ) as Array<{
    content: string;
  }>;
  if (comments[0]) t.match(html, comments[0].content, 'the latest comment about their listings');
  t.ok(
    html.includes(`href="/login?bUrl=%2Fim%2Fsession%3FbelongerId%3D${agent.id}%26`),
    '在线咨询: a visitor goes to login with the chat session as bUrl',
  );
  t.match(title(html), agent.name);
  t.equal(canonical(html), `http://localhost:3000/broker/${agent.id}`);
  t.match(html, '"@type":"RealEstateAgent"', 'JSON-LD RealEstateAgent');
});

t.test('/broker/details?id= is the same agent page', async (t) => {
  const r = await get(`/broker/details?id=${agent.id}`);
  t.equal(r.statusCode, 200);
  t.match(r.body, `data-testid="broker-ext">${agent.extNum}<`);
  t.equal(canonical(r.body), `http://localhost:3000/broker/${agent.id}`);
});

t.test('unknown, malformed or other-city agents are the 404 screen', async (t) => {
  const [other] = backendRows(backend, 'SELECT id FROM belonger WHERE city_id <> 1 LIMIT 1') as Array<{ id: number }>;
  await assertNotFoundScreens(t, get, [
    '/broker/99999999',
    '/broker/abc',
    '/broker/12x',
    '/broker/details',
    '/broker/details?id=abc',
    '/broker/details?id=99999999',
    ...(other ? [`/broker/${other.id}`] : []),
    '/broker/?page=9999',
    '/broker/?storeId=x',
  ]);
});

t.test('/broker/ lists the city agents, paged, and by store', async (t) => {
  const n = backendRows(backend, 'SELECT COUNT(*) AS n FROM belonger WHERE city_id = 1 AND iskefu = 0')[0] as { n: number };
  const r = await get('/broker/');
  t.equal(r.statusCode, 200);
  t.equal(total(r.body), n.n, 'the count of the city agents');
  t.match(r.body, `href="/broker/`);
  const byStore = await get(`/broker/?storeId=${agent.storeId}`);
  t.equal(byStore.statusCode, 200);
  t.match(byStore.body, `href="/broker/${agent.id}"`, 'the agent is among their store agents');
  const storeCount = backendRows(backend, 'SELECT COUNT(*) AS n FROM belonger WHERE store_id = ? AND iskefu = 0', agent.storeId)[0] as {
    n: number;
  };
  t.equal(total(byStore.body), storeCount.n);
  const [region] = backendRows(
    backend,
    'SELECT s.region_id AS id, COUNT(*) AS n FROM belonger b JOIN store s ON s.id = b.store_id WHERE b.city_id = 1 AND b.iskefu = 0 GROUP BY s.region_id LIMIT 1',
  ) as Array<{ id: number; n: number }>;
  const r2 = region as { id: number; n: number };
  t.match(r.body, `href="/broker/?regionId=${r2.id}"`, 'the district links');
  const byRegion = await get(`/broker/?regionId=${r2.id}`);
  t.equal(byRegion.statusCode, 200);
  t.equal(total(byRegion.body), r2.n, 'the district agents');
  await assertNotFoundScreens(t, get, ['/broker/?regionId=99999']);
});

t.test('a listing detail links its agent to /broker/{id}; a customer-service agent is marked 客服', async (t) => {
  const [own] = backendRows(
    backend,
    'SELECT id FROM listing WHERE belonger_id = ? AND house_type = 11 AND status = 1 LIMIT 1',
    agent.id,
  ) as Array<{
    id: number;
  }>;
  const r = await get(`/ershoufang/${(own as { id: number }).id}.html`);
  t.equal(r.statusCode, 200);
  t.ok(r.body.includes(`data-testid="agent-broker-link" href="/broker/${agent.id}"`), 'the agent name links to the agent page');
  const [kefu] = backendRows(
    backend,
    `SELECT l.id, b.id AS belongerId FROM listing l JOIN belonger b ON b.id = l.belonger_id
     WHERE b.iskefu = 1 AND l.city_id = 1 AND l.house_type = 11 AND l.status = 1 LIMIT 1`,
  ) as Array<{ id: number; belongerId: number }>;
  if (kefu) {
    const k = await get(`/ershoufang/${kefu.id}.html`);
    t.ok(
      k.body.includes(`data-testid="agent-broker-link" href="/broker/${kefu.belongerId}">`) &&
        /agent-broker-link"[^>]*>[^<]+<\/a><span class="bk-kefu">客服<\/span>/.test(k.body),
      '客服 beside the name',
    );
  } else {
    t.comment('no customer-service agent holds a listing in the seed');
  }
});

t.test('/daili shows the partner page with the city agents of getRecommendBelongerList', async (t) => {
  const r = await get('/daili');
  t.equal(r.statusCode, 200);
  t.match(r.body, '<h1>代理合作</h1>');
  t.match(r.body, 'data-testid="broker-row"', 'agents listed');
  t.match(r.body, 'href="/jiameng/#zhaoshang"', 'the way to apply');
});
