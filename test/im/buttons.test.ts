/**
 * Issue 18 point 5: every 在线咨询 button (the detail action bar and agent card, the overseas action bar, the agent
 * page's card, a new home's adviser row) leads a member to a working conversation with that agent, and a visitor to
 * /login with that conversation as bUrl.
 */
import t from 'tap';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';

const backend = await startTestBackend();
const portal = await buildTestApp({ gatewayUrl: backend.url });
t.teardown(async () => {
  await portal.close();
  await backend.close();
});
const member = await registerMember(backend, '13912340155', '按钮测试');
const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
const get = (url: string, headers: Record<string, string> = {}) => portal.app.inject({ url, headers });

const one = (sql: string) => backendRows(backend, sql)[0] as { id: number };
const pages: Array<[string, string]> = [
  [
    'second-hand detail (action bar, agent card)',
    `/ershoufang/${one('SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND status = 1 ORDER BY id LIMIT 1').id}.html`,
  ],
  [
    'rental detail',
    `/zufang/${one('SELECT id FROM listing WHERE city_id = 1 AND house_type = 12 AND status = 1 ORDER BY id LIMIT 1').id}.html`,
  ],
  [
    'new-home detail (adviser rows)',
    `/xinfang/${one('SELECT loupan_id AS id FROM loupan_belonger lb JOIN loupan p ON p.id = lb.loupan_id WHERE p.city_id = 1 ORDER BY loupan_id LIMIT 1').id}.html`,
  ],
  ['agent page (broker card)', `/broker/${one('SELECT id FROM belonger WHERE city_id = 1 AND iskefu = 0 ORDER BY id LIMIT 1').id}`],
  ['overseas detail (overseas action bar)', `/haiwaidetails/${one('SELECT id FROM overseas ORDER BY id LIMIT 1').id}`],
];

const chatHrefs = (html: string) =>
  [...html.matchAll(/href="(\/(?:im\/session|login)\?[^"]*)"[^>]*>(?:<[^>]+>)*[^<]*在线咨询|href="(\/(?:im\/session|login)\?[^"]*)"/g)]
    .map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&'))
    .filter((h) => h.startsWith('/im/session?') || decodeURIComponent(h).includes('bUrl=/im/session?'));

for (const [what, url] of pages) {
  t.test(`${what}: 在线咨询 opens a conversation`, async (t) => {
    const asMember = await get(url, { cookie });
    t.equal(asMember.statusCode, 200, url);
    const sessions = [...new Set(chatHrefs(asMember.body).filter((h) => h.startsWith('/im/session?')))];
    t.ok(sessions.length > 0, `${url} has a chat button for a member`);
    for (const href of sessions) {
      const page = await get(href, { cookie });
      t.equal(page.statusCode, 200, href);
      t.match(page.body, 'data-testid="im-bar"', `${href}: the conversation with its input bar`);
    }
    const asVisitor = await get(url);
    const logins = chatHrefs(asVisitor.body).filter((h) => h.startsWith('/login?'));
    t.ok(logins.length > 0, `${url}: a visitor’s chat button goes to login`);
    for (const href of logins) t.match(decodeURIComponent(href), /bUrl=\/im\/session\?(belongerId|uid)=/, 'with the conversation as bUrl');
  });
}
