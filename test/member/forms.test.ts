import sharp from 'sharp';
import t from 'tap';
import type { MemberEvent } from '../../plugins/member-events.ts';
import { stateOf } from '../helpers/state.ts';
import { backendRows, formPost, memberPortal, mergeCookies, multipartPost } from './helpers.ts';

/**
 * The member forms of issue 13 (SPEC 7.8): each validates what a person can fix, saves through the gateway, has its
 * success screen and a record the member sees again; each works as a plain form post (303 back, a refusal keeps what was
 * typed) and answers JSON to fetch(); cross-site posts are refused.
 */

/** The user-info cookie a reply set, decoded (unsigned part). */
function userCookie(setCookie: string | string[] | undefined): Record<string, string> | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const c = all.find((x) => x.startsWith('userInfo='));
  if (!c) return null;
  const value = decodeURIComponent((c.split(';')[0] as string).slice('userInfo='.length));
  return JSON.parse(value.slice(0, value.lastIndexOf('.')));
}

t.test('nickname: 2–16 characters, trimmed, no control characters; shows at once and is announced', async (t) => {
  const { app, backend, cookie, member } = await memberPortal(t, '13822220001', '旧名字');
  const events: MemberEvent[] = [];
  const stop = app.memberEvents.subscribe((e) => events.push(e));
  t.teardown(stop);
  const refused: Array<[string, RegExp]> = [
    ['王', /昵称须为2-16个字/],
    ['一二三四五六七八九十一二三四五六七', /昵称须为2-16个字/],
    ['    ', /请填写昵称/],
    ['好\u0007名字', /昵称含有不允许的字符/],
    ['abc\u202Edef', /昵称含有不允许的字符/],
    ['两行\n名字', /昵称含有不允许的字符/],
  ];
  for (const [nickName, message] of refused) {
    const res = await formPost(app, '/-/member/nickname', { nickName }, cookie, true);
    t.equal(res.statusCode, 400, JSON.stringify(nickName));
    t.match(res.json(), { message, field: 'nickName' });
  }
  t.same(events, [], 'no event for a refused change');

  const ok = await formPost(app, '/-/member/nickname', { nickName: '  城南买房人  ' }, cookie, true);
  t.equal(ok.statusCode, 200);
  t.match(ok.json(), { message: '昵称已修改', obj: { nickName: '城南买房人' } });
  t.same(backendRows(backend, 'SELECT nick_name FROM member WHERE uid = ?', member.uid), [{ nick_name: '城南买房人' }], 'saved, trimmed');
  t.equal(userCookie(ok.headers['set-cookie']), null, 'the login cookie (ids only) is not re-issued for a profile change');
  t.same(events, [{ type: 'profile', userId: member.userId }], 'a profile event for every process');
  const after = mergeCookies(cookie, ok.headers['set-cookie']);
  const center = await app.inject({ url: '/personalcenter', headers: { cookie: after } });
  t.match(center.body, /data-testid="nickname">城南买房人</, 'the page shows it');
  t.equal(stateOf(center.body).user.nickName, '城南买房人', 'the menu, rendered from the state, shows it');
});

t.test('nickname without JavaScript: 303 back with ?ok=1; a refusal goes back with the message and what was typed', async (t) => {
  const { app, cookie } = await memberPortal(t, '13822220002');
  const bad = await formPost(app, '/-/member/nickname', { nickName: 'x', back: '/personalcenter/setnickname' }, cookie);
  t.equal(bad.statusCode, 303);
  t.equal(bad.headers.location, '/personalcenter/setnickname');
  const withDraft = mergeCookies(cookie, bad.headers['set-cookie']);
  const form = await app.inject({ url: '/personalcenter/setnickname', headers: { cookie: withDraft } });
  t.match(form.body, /data-testid="form-error">昵称须为2-16个字</, 'the message');
  t.match(form.body, /name="nickName"[^>]*value="x"|value="x"[^>]*name="nickName"/, 'what was typed');
  const again = await app.inject({
    url: '/personalcenter/setnickname',
    headers: { cookie: mergeCookies(withDraft, form.headers['set-cookie']) },
  });
  t.notMatch(again.body, 'data-testid="form-error"', 'shown once');

  const good = await formPost(app, '/-/member/nickname', { nickName: '新名字', back: '/personalcenter/setnickname' }, cookie);
  t.equal(good.statusCode, 303);
  t.equal(good.headers.location, '/personalcenter/setnickname?ok=1');
  const done = await app.inject({
    url: good.headers.location as string,
    headers: { cookie: mergeCookies(cookie, good.headers['set-cookie']) },
  });
  t.match(done.body, /data-testid="form-ok">昵称已修改为“<!-- -->新名字<!-- -->”/);
});

t.test('cross-site posts and visitors are refused', async (t) => {
  const { app, cookie } = await memberPortal(t, '13822220003');
  const foreign = await app.inject({
    method: 'POST',
    url: '/-/member/nickname',
    payload: 'nickName=%E9%BB%91%E5%AE%A2',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', host: 'localhost', cookie },
  });
  t.equal(foreign.statusCode, 403);
  const visitor = await formPost(app, '/-/member/feedback', { content: '这是一个访客提交的反馈内容', back: '/yonghufankui' });
  t.equal(visitor.statusCode, 303);
  t.equal(visitor.headers.location, '/login?bUrl=%2Fyonghufankui');
  const visitorJson = await formPost(app, '/-/member/feedback', { content: '这是一个访客提交的反馈内容' }, undefined, true);
  t.equal(visitorJson.statusCode, 401);
});

t.test('avatar: checked by content, at most 5 MB, stored 256×256, shown in the page and the menu', async (t) => {
  const { app, backend, cookie, member } = await memberPortal(t, '13822220004');
  const events: MemberEvent[] = [];
  t.teardown(app.memberEvents.subscribe((e) => events.push(e)));
  const png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#d9c7a6' } })
    .png()
    .toBuffer();
  const res = await multipartPost(app, '/-/member/avatar', { field: 'file', name: 'me.jpg', mime: 'image/jpeg', data: png }, {}, cookie);
  t.equal(res.statusCode, 200, 'a PNG named .jpg is accepted');
  const url = res.json().obj.headUrl as string;
  t.match(url, /^\/files\/upload\/[0-9a-f]{32}\.webp$/, 'named by its content hash');
  t.same(backendRows(backend, 'SELECT head_url FROM member WHERE uid = ?', member.uid), [{ head_url: url }], 'saved as the avatar');
  t.same(events, [{ type: 'profile', userId: member.userId }]);
  const file = await app.inject(url);
  t.equal(file.statusCode, 200);
  t.equal(file.headers['content-type'], 'image/webp');
  t.match(file.headers['cache-control'], /immutable/);
  const meta = await sharp(file.rawPayload).metadata();
  t.same([meta.width, meta.height], [256, 256], 'the stored file is 256×256');
  const after = mergeCookies(cookie, res.headers['set-cookie']);
  const page = await app.inject({ url: '/personalcenter/edituserinfo', headers: { cookie: after } });
  t.match(page.body, new RegExp(`src="${url}"[^>]*data-testid="avatar"`), 'the page shows it');
  t.equal(stateOf(page.body).user.headUrl, url, 'the menu, rendered from the state, shows it');

  const text = await multipartPost(
    app,
    '/-/member/avatar',
    { field: 'file', name: 'a.png', mime: 'image/png', data: Buffer.from('hello, not an image') },
    {},
    cookie,
  );
  t.equal(text.statusCode, 400, 'a text file named .png is refused');
  t.match(text.json(), { message: /只支持 JPG、PNG、WebP 图片/, field: 'file' });
  const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1, 0)]);
  const tooBig = await multipartPost(app, '/-/member/avatar', { field: 'file', name: 'big.png', mime: 'image/png', data: big }, {}, cookie);
  t.equal(tooBig.statusCode, 413);
  t.match(tooBig.json(), { message: '图片不能超过5MB' });
  const tooBigForm = await multipartPost(
    app,
    '/-/member/avatar',
    { field: 'file', name: 'big.png', mime: 'image/png', data: big },
    { back: '/personalcenter/edituserinfo' },
    cookie,
    false,
  );
  t.equal(tooBigForm.statusCode, 303, 'without JavaScript: back to the form');
  const shown = await app.inject({
    url: '/personalcenter/edituserinfo',
    headers: { cookie: mergeCookies(cookie, tooBigForm.headers['set-cookie']) },
  });
  t.match(shown.body, '图片不能超过5MB');
  t.equal((await app.inject('/files/upload/0123456789abcdef0123456789abcdef.webp')).statusCode, 404, 'an unknown file');
  t.equal((await app.inject('/files/upload/..%2F..%2Fportal.db')).statusCode, 404, 'no way out of the upload folder');
  const none = await multipartPost(
    app,
    '/-/member/avatar',
    { field: 'file', name: '', mime: 'application/octet-stream', data: Buffer.alloc(0) },
    {},
    cookie,
  );
  t.equal(none.statusCode, 400);
  t.match(none.json().message, '请选择头像图片');
});

t.test('feedback: category, 10–500 characters, optional screenshot, contact phone; visible again', async (t) => {
  const { app, cookie, member, backend } = await memberPortal(t, '13822220005');
  const refused: Array<[Record<string, string>, RegExp, string]> = [
    [{ content: '太短了' }, /内容须为10-500个字/, 'content'],
    [{ content: `   ${'短'.repeat(8)}   ` }, /内容须为10-500个字/, 'content'],
    [{ content: '好'.repeat(501) }, /内容须为10-500个字/, 'content'],
    [{ content: '                    ' }, /请填写内容/, 'content'],
    [{ content: '这里有一个隐藏的字符\u202E请核实一下' }, /内容含有不允许的字符/, 'content'],
    [{ content: '地图找房功能非常好用谢谢', kind: '乱写' }, /类型不正确/, 'kind'],
    [{ content: '地图找房功能非常好用谢谢', phone: '12345' }, /手机号不正确/, 'phone'],
  ];
  for (const [body, message, field] of refused) {
    const res = await formPost(app, '/-/member/feedback', body, cookie, true);
    t.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 60));
    t.match(res.json(), { message, field });
  }
  t.same(backendRows(backend, 'SELECT id FROM feedback WHERE member_id = ?', member.uid), [], 'nothing saved');

  const shot = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#eef5ec' } })
    .jpeg()
    .toBuffer();
  const res = await multipartPost(
    app,
    '/-/member/feedback',
    { field: 'screenshot', name: 'screen.png', mime: 'image/png', data: shot },
    { kind: '页面错误', content: '  二手房列表翻到第三页时图片加载不出来。  ', phone: '13822220005' },
    cookie,
  );
  t.equal(res.statusCode, 200);
  t.match(res.json().message, '反馈已提交');
  const rows = backendRows(backend, 'SELECT kind, content, phone, images FROM feedback WHERE member_id = ?', member.uid) as Array<
    Record<string, string>
  >;
  t.equal(rows.length, 1);
  t.match(rows[0], { kind: '页面错误', content: '二手房列表翻到第三页时图片加载不出来。', phone: '13822220005' });
  t.match(JSON.parse(rows[0]?.images ?? '[]'), [/^\/files\/upload\/[0-9a-f]{32}\.webp$/], 'the screenshot, re-encoded');
  const page = await app.inject({ url: '/yonghufankui', headers: { cookie } });
  t.match(page.body, /data-testid="feedback-records"[\s\S]*二手房列表翻到第三页时图片加载不出来。/, 'visible again');

  const plain = await formPost(
    app,
    '/-/member/feedback',
    { kind: '功能建议', content: '希望增加按地铁线路找房的功能', back: '/yonghufankui' },
    cookie,
  );
  t.equal(plain.headers.location, '/yonghufankui?ok=1');
  const done = await app.inject({ url: '/yonghufankui?ok=1', headers: { cookie } });
  t.match(done.body, /data-testid="form-done"[\s\S]*反馈已提交/, 'the success screen');
  const draft = await formPost(app, '/-/member/feedback', { kind: '服务投诉', content: '太短', back: '/yonghufankui' }, cookie);
  const kept = await app.inject({ url: '/yonghufankui', headers: { cookie: mergeCookies(cookie, draft.headers['set-cookie']) } });
  t.match(kept.body, />太短<\/textarea>/, 'the typed text is kept');
  t.match(kept.body, /value="服务投诉" checked=""|checked="" value="服务投诉"/, 'and the category');
});

t.test("report: a listing's facts corrected, visible in /jubaoRecord with its status", async (t) => {
  const { app, cookie, member, backend } = await memberPortal(t, '13822220006');
  const house = backendRows(backend, 'SELECT id, title FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1')[0] as {
    id: number;
    title: string;
  };
  const form = await app.inject({ url: `/report?houseId=${house.id}`, headers: { cookie } });
  t.equal(form.statusCode, 200);
  t.match(form.body, house.title);
  t.equal((await app.inject({ url: '/report?houseId=999999999', headers: { cookie } })).statusCode, 404, 'an unknown listing');

  const unknown = await formPost(app, '/-/member/report', { houseId: '999999999', field: '面积', content: '面积应为89平米' }, cookie, true);
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { message: '房源不存在', field: 'houseId' });
  const short = await formPost(app, '/-/member/report', { houseId: String(house.id), field: '面积', content: '错' }, cookie, true);
  t.equal(short.statusCode, 400);
  t.match(short.json().message, '内容须为5-500个字');
  const badField = await formPost(
    app,
    '/-/member/report',
    { houseId: String(house.id), field: '颜色', content: '面积应为89平米' },
    cookie,
    true,
  );
  t.match(badField.json(), { field: 'field' });

  const ok = await formPost(
    app,
    '/-/member/report',
    { houseId: String(house.id), field: '面积', content: '实际面积为89平米，不是98平米', back: `/report?houseId=${house.id}` },
    cookie,
  );
  t.equal(ok.statusCode, 303);
  t.equal(ok.headers.location, `/report?houseId=${house.id}&ok=1`);
  const done = await app.inject({ url: ok.headers.location as string, headers: { cookie } });
  t.match(done.body, /data-testid="form-done"[\s\S]*纠错已提交/);
  t.same(backendRows(backend, 'SELECT house_id AS h, field, status FROM correction WHERE member_id = ?', member.uid), [
    { h: house.id, field: '面积', status: '待处理' },
  ]);
  const records = await app.inject({ url: '/jubaoRecord', headers: { cookie } });
  t.match(records.body, /data-testid="corrections"[\s\S]*实际面积为89平米，不是98平米[\s\S]*待处理/);

  // A report (举报) made from the detail page's form shows there too.
  const jubao = await formPost(
    app,
    '/-/action/jubao',
    { houseId: String(house.id), reason: '价格不真实', content: '挂牌价比实际低很多' },
    cookie,
    true,
  );
  t.equal(jubao.statusCode, 200);
  const both = await app.inject({ url: '/jubaoRecord', headers: { cookie } });
  t.match(both.body, /data-testid="reports"[\s\S]*价格不真实[\s\S]*待处理/);
});

t.test('coupons: claim by number, used and expired states, unknown numbers refused', async (t) => {
  const { app, cookie, member, backend } = await memberPortal(t, '13822220007');
  const page = await app.inject({ url: '/coupon', headers: { cookie } });
  t.match(page.body, /XH2026002[\s\S]*长沙看房季/, "the help text lists the city's claimable numbers");
  t.match(page.body, '还没有优惠券');

  const unknown = await formPost(app, '/-/member/coupon', { couponNo: 'NOPE2026' }, cookie, true);
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { message: '优惠券不存在', field: 'couponNo' });
  const malformed = await formPost(app, '/-/member/coupon', { couponNo: '<b>' }, cookie, true);
  t.equal(malformed.statusCode, 400);
  t.match(malformed.json(), { field: 'couponNo' });

  const ok = await formPost(app, '/-/member/coupon', { couponNo: 'xh2026002' }, cookie, true);
  t.equal(ok.statusCode, 200);
  t.match(ok.json(), { message: '领取成功', obj: { couponNo: 'XH2026002', status: '未使用', received: true } });
  const twice = await formPost(app, '/-/member/coupon', { couponNo: 'XH2026002' }, cookie, true);
  t.equal(twice.statusCode, 409);
  t.match(twice.json().message, '已领取过');

  // The gateway's console marks coupons used; time makes them expire.
  const { default: Database } = await import('../../src/backend/sqlite-driver.ts');
  const db = new Database(`${backend.dataDir}/portal.db`);
  db.prepare(
    "INSERT INTO coupon (coupon_no, phone, city_id, title, amount, status, expires_at, created_at) VALUES ('USED0001', ?, 1, '购房优惠券 立减5000元', 5000, '已使用', '2027-01-01 00:00:00', '2026-10-01 00:00:00')",
  ).run(member.phone);
  db.prepare(
    "INSERT INTO coupon (coupon_no, phone, city_id, title, amount, status, expires_at, created_at) VALUES ('OLD00001', ?, 1, '租房节 中介费8折', 800, '未使用', '2026-01-01 00:00:00', '2025-12-01 00:00:00')",
  ).run(member.phone);
  db.close();
  const list = await app.inject({ url: '/coupon', headers: { cookie } });
  t.match(list.body, /pc-coupon--on[\s\S]*?XH2026002[\s\S]*?未使用/);
  t.match(list.body, /pc-coupon--used[\s\S]*?USED0001[\s\S]*?已使用/);
  t.match(list.body, /pc-coupon--expired[\s\S]*?OLD00001[\s\S]*?已过期/);
  const center = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.match(center.body, /data-testid="count-优惠券">1</, 'only the usable one counts');
});

t.test('省心找房: the demand is validated, saved, and pre-filled when the member comes back', async (t) => {
  const { app, cookie, member, backend } = await memberPortal(t, '13822220008');
  const regions = backendRows(backend, 'SELECT id, name FROM region WHERE city_id = 1 ORDER BY sort LIMIT 2') as Array<{
    id: number;
    name: string;
  }>;
  const [r1, r2] = regions as [{ id: number; name: string }, { id: number; name: string }];
  const fields = {
    demandType: '买二手房',
    budget: '100-150万',
    area: '90-120㎡',
    rooms: '三室',
    moveIn: '3个月内',
    districts: [String(r1.id), String(r2.id)],
    name: '王先生',
    phone: '13822220008',
    remark: '近地铁，南北通透',
  };
  for (const [change, field] of [
    [{ budget: '一个亿' }, 'budget'],
    [{ phone: '110' }, 'phone'],
    [{ demandType: '' }, 'demandType'],
    [{ districts: ['999999'] }, 'districts'],
    [{ remark: '近地铁\u0000' }, 'remark'],
  ] as Array<[Record<string, string | string[]>, string]>) {
    const res = await formPost(app, '/-/member/demand', { ...fields, ...change }, cookie, true);
    t.equal(res.statusCode, 400, JSON.stringify(change));
    t.match(res.json(), { field });
  }
  const ok = await formPost(app, '/-/member/demand', { ...fields, back: '/sxzf.html' }, cookie);
  t.equal(ok.statusCode, 303);
  t.equal(ok.headers.location, '/sxzf.html?ok=1');
  t.match(
    backendRows(
      backend,
      'SELECT demand_type, budget, area, rooms, move_in, districts, region FROM customer_demand WHERE member_id = ?',
      member.uid,
    ),
    [
      {
        demand_type: '买二手房',
        budget: '100-150万',
        area: '90-120㎡',
        rooms: '三室',
        move_in: '3个月内',
        districts: `[${r1.id},${r2.id}]`,
        region: `${r1.name}、${r2.name}`,
      },
    ],
  );
  const done = await app.inject({ url: '/sxzf.html?ok=1', headers: { cookie } });
  t.match(done.body, /data-testid="form-done"[\s\S]*需求已提交/);
  for (const path of ['/shengxinzhaofang', '/sxzf', '/sxzf.html']) {
    const back = (await app.inject({ url: path, headers: { cookie } })).body;
    t.match(back, '已为您填好上次', `${path}: says it is pre-filled`);
    t.match(back, /value="买二手房" checked=""|checked="" value="买二手房"/);
    t.match(back, /<option selected="" value="100-150万">|<option value="100-150万" selected="">|<option selected="">100-150万<\/option>/);
    t.match(back, new RegExp(`value="${r1.id}" checked=""|checked="" value="${r1.id}"`), 'the districts');
    t.match(back, />近地铁，南北通透<\/textarea>/);
    t.match(back, '更新需求');
  }
});

t.test('SMS subscription from a list page: saved for the current filter', async (t) => {
  const { app, cookie, backend } = await memberPortal(t, '13822220009');
  const res = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: '13822220009', filter: '/ershoufang/p3/' }, cookie, true);
  t.equal(res.statusCode, 200);
  t.match(res.json().message, '订阅成功');
  t.same(backendRows(backend, "SELECT kind, filter, city_id AS c FROM sms_subscription WHERE phone = '13822220009'"), [
    { kind: '降价通知', filter: '/ershoufang/p3/', c: 1 },
  ]);
  const again = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: '13822220009', filter: '/ershoufang/p3/' }, cookie, true);
  t.equal(again.statusCode, 200, 'subscribing twice is fine');
  t.equal(backendRows(backend, "SELECT id FROM sms_subscription WHERE phone = '13822220009'").length, 1, 'and kept once');
  const foreignFilter = await formPost(
    app,
    '/-/member/dxdy',
    { kind: '新房源通知', phone: '13822220009', filter: 'https://evil.example/x' },
    cookie,
    true,
  );
  t.equal(foreignFilter.statusCode, 200);
  t.equal(
    backendRows(backend, "SELECT filter FROM sms_subscription WHERE phone = '13822220009' AND kind = '新房源通知'")[0]?.filter,
    '/',
    'a filter is always a path of this site',
  );
  const center = await app.inject({ url: '/personalcenter', headers: { cookie } });
  t.match(center.body, /data-testid="subscriptions"[\s\S]*href="\/ershoufang\/p3\/"[^>]*>降价通知/, 'the member sees it again');
  const wrongKind = await formPost(app, '/-/member/dxdy', { kind: '开盘通知', phone: '13822220009' }, cookie, true);
  t.equal(wrongKind.statusCode, 400);
  const plain = await formPost(
    app,
    '/-/member/dxdy',
    { kind: '新房源通知', phone: '13822220009', filter: '/zufang/', back: '/zufang/' },
    cookie,
  );
  t.equal(plain.headers.location, '/zufang/?ok=1', 'without JavaScript: back to the list');
  const list = await app.inject({ url: '/zufang/?ok=1', headers: { cookie } });
  t.match(list.body, /class="dxdy__msg" role="status">订阅成功</, 'which says it worked');
  t.match(list.body, 'name="filter" value="/zufang/"', 'the notice is not part of the filter');
  const visitor = await formPost(app, '/-/member/dxdy', { kind: '降价通知', phone: '13822220009', back: '/zufang/' });
  t.equal(visitor.headers.location, '/login?bUrl=%2Fzufang%2F');
});
