import t from 'tap';
import { backendRows, memberPortal } from './helpers.ts';

/** The personal centre's pages (issue 13): members only, never cached, and what a member sees on them. */

const MEMBER_PAGES = [
  '/personalcenter',
  '/personalcenter/agreement',
  '/personalcenter/disanfang',
  '/personalcenter/edituserinfo',
  '/personalcenter/setnickname',
  '/personalcenter/yinsi',
  '/gujiajilu',
  '/coupon',
  '/jubaoRecord',
  '/report',
  '/yonghufankui',
  '/shengxinzhaofang',
  '/sxzf',
  '/sxzf.html',
];

t.test('a visitor is sent to log in and come back; a member gets the page, private and never cached', async (t) => {
  const { app, cookie } = await memberPortal(t, '13811110001');
  for (const path of MEMBER_PAGES) {
    const anon = await app.inject(path);
    t.equal(anon.statusCode, 302, `${path}: visitor redirected`);
    t.equal(anon.headers.location, `/login?bUrl=${encodeURIComponent(path)}`, `${path}: back to the page after login`);
    const page = await app.inject({ url: path, headers: { cookie } });
    t.equal(page.statusCode, 200, `${path}: member`);
    t.equal(page.headers['cache-control'], 'private, no-store', `${path}: Cache-Control`);
    t.not(page.headers['x-cache'], 'HIT', `${path}: not from the page cache`);
    t.notMatch(page.body, /频道正在精心建设中/, `${path}: a real page, not the placeholder`);
    t.match(page.body, /<meta name="robots" content="noindex, nofollow">/, `${path}: not indexed`);
  }
  const data = await app.inject({ url: '/-/data/coupon', headers: { cookie } });
  t.equal(data.statusCode, 200);
  t.match(data.headers['cache-control'], /private|no-store|no-cache/, 'the data endpoint is not cacheable either');
  const anonData = await app.inject('/-/data/personalcenter');
  t.match(anonData.json(), { redirect: '/login?bUrl=%2Fpersonalcenter' }, 'client navigation of a visitor is sent to log in too');
});

t.test('/personalcenter: avatar, nickname, masked phone and live counts of each entry', async (t) => {
  const { app, cookie, member, backend } = await memberPortal(t, '13800000000', '城南买房人');
  const first = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.match(first.body, '城南买房人');
  t.match(first.body, '138****0000', 'the phone is masked');
  const head = /<section class="pc-head">[\s\S]*?<\/section>/.exec(first.body)?.[0] ?? '';
  t.match(head, '138****0000');
  t.notMatch(head, '13800000000', 'the full phone is not shown');
  t.match(first.body, new RegExp(`<img class="pc-head__avatar" src="${member.headUrl}"`));
  t.match(first.body, /data-testid="count-我的收藏">0</);

  // Things the member did elsewhere show up as counts.
  const listing = backendRows(backend, 'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 2') as Array<{
    id: number;
  }>;
  const gw = (p: string, body?: unknown) =>
    fetch(`${backend.url}${p}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then((r) => r.json());
  for (const l of listing) await gw(`/api/house/collect/add/${l.id}/${member.uid}`);
  await gw('/api/kanfang/add', { houseId: listing[0]?.id, memberId: member.uid, name: '王先生', phone: member.phone });
  await gw('/api/jubao/save', { houseId: listing[0]?.id, memberId: member.uid, reason: '价格不真实' });
  await gw(`/api/activity/get/coupon/${member.phone}/XH2026002`);
  const page = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.match(page.body, /data-testid="count-我的收藏">2</);
  t.match(page.body, /data-testid="count-我的预约">1</);
  t.match(page.body, /data-testid="count-我的举报">1</);
  t.match(page.body, /data-testid="count-优惠券">1</);
  t.match(page.body, /data-testid="count-估价记录">0</);
  t.match(page.body, /data-testid="count-我的委托">0</);
  t.match(page.body, /data-testid="bookings"[\s\S]*待确认/, 'the booking with its status');
  for (const href of [
    '/myshoucang',
    '/jubaoRecord',
    '/gujiajilu',
    '/coupon',
    '/Index/yijianweituo/list',
    '/yonghufankui',
    '/resetpassword',
  ]) {
    t.match(page.body, `href="${href}"`, `links to ${href}`);
  }
  const logout = /<form[^>]*action="\/-\/account\/logout"[^>]*>[\s\S]*?<\/form>/.exec(page.body)?.[0] ?? '';
  t.match(logout, 'method="post"', '退出登录 posts');
  t.match(logout, '退出登录', 'to the logout endpoint');
});

t.test('valuation records: a kind empty state, then the records', async (t) => {
  const { app, cookie, member, backend } = await memberPortal(t, '13811110003');
  const empty = await app.inject({ url: '/gujiajilu', headers: { cookie } });
  t.match(empty.body, '您还没有估价记录');
  t.match(empty.body, 'href="/fangjia/gujia"');
  const xq = backendRows(backend, 'SELECT xiaoqu_id AS id FROM listing WHERE city_id = 1 AND house_type = 11 LIMIT 1')[0] as { id: number };
  await fetch(`${backend.url}/api/gujia/estimate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      memberId: member.uid,
      stressId: xq.id,
      area: 89,
      rooms: 2,
      floor: 5,
      totalFloors: 18,
      orientation: '南',
      decoration: '精装',
    }),
  });
  const filled = await app.inject({ url: '/gujiajilu', headers: { cookie } });
  t.match(filled.body, /data-testid="valuations"[\s\S]*89(<!-- -->)?㎡/);
});

t.test('agreement and privacy pages show the agreement texts; third-party accounts say none is bound and why', async (t) => {
  const { app, cookie } = await memberPortal(t, '13811110004');
  t.match((await app.inject({ url: '/personalcenter/agreement', headers: { cookie } })).body, /湘房网(<!-- -->)?用户服务协议/);
  t.match((await app.inject({ url: '/personalcenter/yinsi', headers: { cookie } })).body, /湘房网(<!-- -->)?隐私政策/);
  const third = (await app.inject({ url: '/personalcenter/disanfang', headers: { cookie } })).body;
  t.match(third, /微信[\s\S]*未绑定/);
  t.match(third, '没有绑定任何第三方账号');
});

t.test('the list pages offer the SMS subscription for the filter being looked at', async (t) => {
  const { app } = await memberPortal(t, '13811110005');
  for (const path of ['/ershoufang/', '/zufang/', '/xinfang/']) {
    const page = await app.inject(path);
    t.equal(page.statusCode, 200);
    const block = /<form class="dxdy"[^>]*>/.exec(page.body)?.[0] ?? '';
    t.match(block, 'action="/-/member/dxdy"', `${path}: the block`);
    t.match(block, 'method="post"');
    t.match(page.body, /降价通知[\s\S]*新房源通知/);
    t.match(page.body, new RegExp(`name="filter" value="${path}"`));
  }
});
