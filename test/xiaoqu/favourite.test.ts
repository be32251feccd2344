import t from 'tap';
import { buildAppOverBackend } from '../helpers/build.ts';
import { backendRows, registerMember } from '../listings/helpers.ts';

/** Issue 14 part A, SPEC 7.8: a member favourites a community (api/house/collect/addXiaoQu) from its detail. */
const portal = await buildAppOverBackend(t);
const { backend } = portal;
const member = await registerMember(backend, '13912340014', '看小区的人');
const cookie = portal.memberCookie({
  uid: member.uid,
  userId: member.userId,
  phone: member.phone,
  nickName: member.nickName,
  token: member.token ?? '',
});

t.test('a member favourites a community: saved as a community favourite, and the detail shows it', async (t) => {
  const before = await portal.app.inject({ url: '/xiaoqu/3.html', headers: { cookie } });
  t.equal(before.statusCode, 200);
  t.match(before.body, 'aria-pressed="false"');
  const r = await portal.app.inject({
    method: 'POST',
    url: '/-/action/favourite',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    payload: { houseId: 3, kind: 'xiaoqu' },
  });
  t.equal(r.statusCode, 200);
  t.same(backendRows(backend, 'SELECT house_id AS h, kind FROM collect WHERE member_id = ?', member.uid), [{ h: 3, kind: 'xiaoqu' }]);
  const after = await portal.app.inject({ url: '/xiaoqu/3.html', headers: { cookie } });
  t.equal(after.statusCode, 200);
  t.match(after.body, 'aria-pressed="true"', 'the favourite button is on');
  t.match(after.body, '已收藏');
  t.not(after.headers['x-cache'], 'HIT', 'a member’s page is never from the cache');
  const visitor = await portal.app.inject({ url: '/xiaoqu/3.html' });
  t.match(visitor.body, 'aria-pressed="false"', 'a visitor does not see the member’s favourite');
});
