/**
 * The chat screens (issue 18; SPEC 3, 4, 5, 9) over the embedded backend: /im/list, /im/session, serveEvaluation,
 * /newChat and /newChat1, /city/ChatSettings, /xinfang/unreadlist and the header badge. What a member and a visitor
 * get (status, redirect, text on the page), what a malformed query answers, what the forms save.
 */
import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { EVALUATION_SAVED, LOOKUP_FAILED, SETTINGS_SAVED } from '../../src/lib/chat-query.ts';
import { startTestBackend } from '../helpers/backend.ts';
import { buildTestApp } from '../helpers/build.ts';
import { assertNotFoundScreens, backendObj, backendRows, registerMember } from '../listings/helpers.ts';

const backend = await startTestBackend();
const portal = await buildTestApp({ gatewayUrl: backend.url });
t.teardown(async () => {
  await portal.close();
  await backend.close();
});
const get = (url: string, headers: Record<string, string> = {}) => portal.app.inject({ url, headers });

const member = await registerMember(backend, '13912340188', '聊天小李');
const cookie = portal.memberCookie({ uid: member.uid, userId: member.userId, phone: member.phone, nickName: member.nickName });
const asMember = (url: string) => get(url, { cookie });

type Row = Record<string, unknown>;
const listing = backendRows(
  backend,
  `SELECT l.id, l.title, l.house_type AS houseType, b.id AS belongerId, b.uid, b.name FROM listing l JOIN belonger b ON b.id = l.belonger_id
   WHERE l.city_id = 1 AND l.house_type = 11 AND l.status = 1 AND b.iskefu = 0 ORDER BY l.id LIMIT 1`,
)[0] as { id: number; title: string; houseType: number; belongerId: number; uid: string; name: string };
const estate = backendRows(
  backend,
  `SELECT p.id, p.name, b.id AS belongerId, b.uid, b.name AS agentName FROM loupan p JOIN loupan_belonger lb ON lb.loupan_id = p.id
   JOIN belonger b ON b.id = lb.belonger_id WHERE p.city_id = 1 AND b.iskefu = 0 AND b.id != ? ORDER BY p.id LIMIT 1`,
  listing.belongerId,
)[0] as { id: number; name: string; belongerId: number; uid: string; agentName: string };

const say = (from: string, to: string, msgType: string, content: unknown) =>
  backendObj<{ id: number }>(backend, '/api/microchat/record', { userId: from, targetId: to, msgType, content });
await say(member.uid, listing.uid, 'text', '您好，这套房子还在吗？');
await say(listing.uid, member.uid, 'text', '您好，还在的，随时可以看房。');
await say(member.uid, listing.uid, 'images', { url: '/img/house/1.svg', width: 640, height: 480 });

const sessionPath = `/im/session?belongerId=${listing.belongerId}&uid=${listing.uid}&name=${encodeURIComponent(listing.name)}&houseId=${listing.id}&houseType=11`;
const stateOf = (html: string) => JSON.parse(/<script id="__STATE__" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
const noPlaceholder = (tt: Test, body: string, url: string) => {
  tt.notMatch(body, 'class="sect"', `${url}: not the section placeholder`);
};

t.test('a visitor is sent to log in with the page as bUrl, for every chat screen', async (t) => {
  for (const url of [
    '/im/list',
    sessionPath,
    `/im/session/serveEvaluation?belongerId=${listing.belongerId}`,
    '/city/ChatSettings',
    `/newChat?houseId=${listing.id}`,
    `/newChat1?id=${estate.id}`,
  ]) {
    const r = await get(url);
    t.equal(r.statusCode, 302, url);
    t.equal(r.headers.location, `/login?bUrl=${encodeURIComponent(url)}`, `${url}: back here after login`);
  }
});

t.test('after logging in, the visitor lands in the conversation with the agent and the listing', async (t) => {
  await registerMember(backend, '13912340199', '新来的');
  const login = await portal.app.inject({
    method: 'POST',
    url: '/-/account/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams({ phone: '13912340199', password: 'secret123', bUrl: sessionPath }).toString(),
  });
  t.equal(login.statusCode, 303);
  t.equal(login.headers.location, sessionPath, 'login returns to the session path with the agent’s parameters');
  const set = login.headers['set-cookie'];
  const userInfo = (Array.isArray(set) ? set : [set]).map((c) => String(c).split(';')[0]).find((c) => c.startsWith('userInfo='));
  const page = await get(sessionPath, { cookie: userInfo as string });
  t.equal(page.statusCode, 200);
  t.match(page.body, listing.title, 'the house card');
});

t.test('/im/list: the member’s conversations with the agent, the last message, its time label and no cache', async (t) => {
  const r = await asMember('/im/list');
  t.equal(r.statusCode, 200);
  t.equal(r.headers['cache-control'], 'private, no-store');
  t.match(r.body, listing.name, 'the agent’s name');
  t.match(r.body, '[图片]', 'the last message is the photo');
  t.match(r.body, /data-testid="im-time"[^>]*>刚刚</, 'SPEC 9: 刚刚');
  t.match(r.body, `href="/im/session?belongerId=${listing.belongerId}&amp;uid=${listing.uid}`, 'a row opens the conversation');
  t.notMatch(r.body, /undefined|NaN/);
  noPlaceholder(t, r.body, '/im/list');
  const again = await asMember('/im/list');
  t.not(again.headers['x-cache'], 'HIT', 'never served from the page cache');
});

t.test('/im/list with no conversations shows the empty state', async (t) => {
  const other = await registerMember(backend, '13912340166', '没聊过');
  const c = portal.memberCookie({ uid: other.uid, userId: other.userId, phone: other.phone, nickName: other.nickName });
  const r = await get('/im/list', { cookie: c });
  t.equal(r.statusCode, 200);
  t.match(r.body, '暂无咨询消息');
});

t.test('/im/session: the house card, the history with its separators and read marks, the quick phrases', async (t) => {
  const r = await asMember(sessionPath);
  t.equal(r.statusCode, 200);
  t.match(r.body, 'data-testid="im-house"');
  t.match(r.body, listing.title);
  t.match(r.body, `href="/ershoufang/${listing.id}.html"`, 'a tap on the card opens the listing');
  t.match(r.body, '您好，这套房子还在吗？');
  t.match(r.body, '您好，还在的，随时可以看房。');
  t.match(r.body, 'alt="图片消息"', 'the photo');
  t.match(r.body, 'class="im-sep"', 'a time separator');
  t.match(r.body, 'data-testid="im-read"', 'read marks on the member’s messages');
  t.match(r.body, `/im/session/serveEvaluation?belongerId=${listing.belongerId}`, 'the way to rate the service');
  const state = stateOf(r.body);
  t.equal(state.route.data.ok, true);
  t.ok(state.route.data.replies.includes('请问什么时候方便看房？'), 'the member’s quick phrases come with the page');
  t.notOk(state.route.data.replies.includes('您好，我是您的专属置业顾问，有什么可以帮您？'), 'not the agent’s auto-replies');
  t.ok(state.route.data.place, 'the listing’s place for the map card');
  t.equal(state.route.data.peer, listing.uid);
  t.notMatch(r.body, /undefined|NaN/);
  noPlaceholder(t, r.body, sessionPath);
});

t.test('/im/session from a new home shows the estate as the card', async (t) => {
  const r = await asMember(`/im/session?belongerId=${estate.belongerId}&houseId=${estate.id}&houseType=1`);
  t.equal(r.statusCode, 200);
  t.match(r.body, estate.name);
  t.match(r.body, `href="/xinfang/${estate.id}.html"`);
});

t.test('/im/session: a malformed query is the 404 screen; an unknown agent says 获取用户uid 失败！', async (t) => {
  const get404 = (url: string) => asMember(url);
  await assertNotFoundScreens(t, get404, [
    '/im/session',
    '/im/session?name=%E7%8E%8B',
    '/im/session?belongerId=abc',
    '/im/session?uid=%3Cscript%3E',
    `/im/session?belongerId=${listing.belongerId}&houseId=7`,
    `/im/session?belongerId=${listing.belongerId}&houseId=7&houseType=99`,
  ]);
  const r = await asMember('/im/session?belongerId=99999999');
  t.equal(r.statusCode, 404);
  t.match(r.body, LOOKUP_FAILED);
});

t.test('/newChat and /newChat1 resolve the agent and go to the conversation', async (t) => {
  const a = await asMember(`/newChat?houseId=${listing.id}`);
  t.equal(a.statusCode, 302);
  t.equal(
    a.headers.location,
    `/im/session?belongerId=${listing.belongerId}&uid=${listing.uid}&name=${encodeURIComponent(listing.name).replace(/%20/g, '+')}&houseId=${listing.id}&houseType=11`,
  );
  const b = await asMember(`/newChat?belongerId=${listing.belongerId}`);
  t.equal(b.statusCode, 302);
  t.match(b.headers.location, `/im/session?belongerId=${listing.belongerId}&uid=${listing.uid}`);
  const c = await asMember(`/newChat1?id=${estate.id}`);
  t.equal(c.statusCode, 302);
  t.match(c.headers.location, /^\/im\/session\?belongerId=\d+&uid=[^&]+&name=[^&]+&houseId=\d+&houseType=1$/);
  t.match(c.headers.location, `houseId=${estate.id}&houseType=1`, 'the estate variant: a new home');
  await assertNotFoundScreens(t, asMember, ['/newChat', '/newChat?houseId=abc', '/newChat1', '/newChat1?id=0']);
  const d = await asMember('/newChat?belongerId=99999999');
  t.equal(d.statusCode, 404);
  t.match(d.body, LOOKUP_FAILED);
});

t.test('serveEvaluation: the member rates the agent; the rating is saved as a review of the agent', async (t) => {
  const page = await asMember(`/im/session/serveEvaluation?belongerId=${listing.belongerId}`);
  t.equal(page.statusCode, 200);
  t.match(page.body, `评价${listing.name}的服务`);
  noPlaceholder(t, page.body, 'serveEvaluation');
  await assertNotFoundScreens(t, asMember, [
    '/im/session/serveEvaluation',
    '/im/session/serveEvaluation?belongerId=x',
    '/im/session/serveEvaluation?belongerId=99999999',
  ]);

  const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
  const noScore = await portal.app.inject({
    method: 'POST',
    url: '/-/im/evaluate',
    headers: form,
    payload: new URLSearchParams({ belongerId: String(listing.belongerId), content: '回复很快' }).toString(),
  });
  t.equal(noScore.statusCode, 303);
  const draft = String(noScore.headers['set-cookie']).split(';')[0];
  const back = await get(noScore.headers.location as string, { cookie: `${cookie}; ${draft}` });
  t.match(back.body, '请为经纪人的服务打分（1-5星）', 'a rating without stars is refused with a message');
  t.match(back.body, '回复很快', 'what was typed is kept');

  const saved = await portal.app.inject({
    method: 'POST',
    url: '/-/im/evaluate',
    headers: form,
    payload: new URLSearchParams({ belongerId: String(listing.belongerId), score: '4', content: '' }).toString(),
  });
  t.equal(saved.statusCode, 303);
  t.equal(saved.headers.location, `/im/session/serveEvaluation?belongerId=${listing.belongerId}&ok=1`);
  t.match((await asMember(saved.headers.location as string)).body, EVALUATION_SAVED);
  t.same(
    backendRows(backend, 'SELECT score, content FROM dianping WHERE belonger_id = ? AND member_id = ?', listing.belongerId, member.uid),
    [{ score: 4, content: '在线咨询服务满意' }],
  );
  const visitor = await portal.app.inject({
    method: 'POST',
    url: '/-/im/evaluate',
    headers: { ...form, cookie: '' },
    payload: new URLSearchParams({ belongerId: String(listing.belongerId), score: '5' }).toString(),
  });
  t.equal(visitor.statusCode, 303);
  t.match(visitor.headers.location, /^\/login\?bUrl=/);
});

t.test('/city/ChatSettings: defaults, then what the member saves (kept with their person information)', async (t) => {
  const page = await asMember('/city/ChatSettings');
  t.equal(page.statusCode, 200);
  t.match(page.body, '接收新消息通知');
  t.match(page.body, /name="notify" checked="" value="1"/, 'notifications are on by default');
  t.match(page.body, /name="dnd" value="1"\/>/, 'do not disturb is off by default');
  noPlaceholder(t, page.body, '/city/ChatSettings');
  const r = await portal.app.inject({
    method: 'POST',
    url: '/-/im/settings',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ notify: '1', dnd: '1', dndFrom: '23:00', dndTo: '07:30' }).toString(),
  });
  t.equal(r.statusCode, 303);
  t.equal(r.headers.location, '/city/ChatSettings?ok=1');
  const after = await asMember('/city/ChatSettings?ok=1');
  t.match(after.body, SETTINGS_SAVED);
  t.match(after.body, /name="dnd" checked="" value="1"/);
  t.match(after.body, /name="sound" value="1"\/>/, 'sound is now off');
  t.match(after.body, 'value="23:00"');
  const row = backendRows(backend, 'SELECT payload FROM person_info WHERE member_id = ?', member.uid)[0] as Row;
  t.same(JSON.parse(String(row.payload)).chatSettings, {
    notify: true,
    preview: false,
    sound: false,
    dnd: true,
    dndFrom: '23:00',
    dndTo: '07:30',
  });
  const bad = await portal.app.inject({
    method: 'POST',
    url: '/-/im/settings',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    payload: { dndFrom: '25:00', dndTo: '07:00' },
  });
  t.equal(bad.statusCode, 400);
  t.match(bad.json().message, '免打扰开始时间');
});

t.test('/xinfang/unreadlist: a visitor is asked to log in; a member sees the new-home conversations with unread messages', async (t) => {
  t.match((await get('/xinfang/unreadlist')).body, '登录后查看未读消息');
  const before = await asMember('/xinfang/unreadlist');
  t.equal(before.statusCode, 200);
  t.match(before.body, '暂无未读消息', 'the unread second-hand conversation is not a new-home one');
  const card = {
    tuijian: false,
    title: estate.name,
    price: 0,
    priceText: '待定',
    other: '',
    desc: '',
    img: '',
    houseid: estate.id,
    housetype: 1,
    houseMode: '住宅',
    huashu: '',
    activityName: '',
  };
  await say(member.uid, estate.uid, 'house', card);
  await say(estate.uid, member.uid, 'text', '您好，这个楼盘目前有优惠，欢迎来售楼处看看。');
  const after = await asMember('/xinfang/unreadlist');
  t.equal(after.statusCode, 200);
  t.match(after.body, estate.agentName, 'the adviser’s conversation');
  t.match(after.body, '您好，这个楼盘目前有优惠');
  t.notMatch(after.body, listing.name === estate.agentName ? '\u0000' : listing.name, 'not the second-hand agent’s');
  t.notMatch(after.body, '暂无未读消息');
});

t.test('the header shows a member the way to their messages; a visitor does not get it', async (t) => {
  const page = (await asMember('/aboutUs')).body;
  t.match(page, 'data-testid="hd-unread"');
  t.match(page, 'class="hd__badge">2<', 'the two unread answers (the agent’s and the adviser’s)');
  t.notMatch((await get('/aboutUs')).body, 'data-testid="hd-unread"');
});

t.test('a voice message (stored through /-/chat/voice) plays in an audio player with its length', async (t) => {
  const form = new FormData();
  // A real recording (headless Chromium's MediaRecorder, webm/Opus): the portal parses clips since issue 33.
  form.append('file', new Blob([new Uint8Array(readFileSync(new URL('../chat/fixtures/voice/recorded.webm', import.meta.url)))]), 'voice');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const up = await portal.app.inject({
    method: 'POST',
    url: '/-/chat/voice',
    headers: { 'content-type': req.headers.get('content-type') as string, accept: 'application/json', cookie },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  t.equal(up.statusCode, 200);
  const url = up.json().obj.url as string;
  t.match(url, /^\/files\/upload\/[0-9a-f-]{32,36}\.webm$/);
  await say(listing.uid, member.uid, 'voice', { url, seconds: 4 });
  const session = await asMember(sessionPath);
  t.match(session.body, new RegExp(`<audio[^>]*src="${url}"`), 'an audio player with the clip');
  t.match(session.body, '4″');
  t.equal((await get(url)).headers['content-type'], 'audio/webm', 'the site serves the clip');
});

t.test('no chat screen of issue 18 is the section placeholder any more', async (t) => {
  const registry = portal.app.registry.current;
  for (const name of [
    'im.list',
    'im.session',
    'im.session.serveEvaluation',
    'newChat',
    'newChat1',
    'city.chatSettings',
    'xinfang.unreadlist',
  ]) {
    const page = registry.byName.get(name);
    t.ok(page, name);
    t.not(page?.module, 'section', `${name} has its own screen`);
    t.equal(page?.cache, 'no-cache', `${name} is never cached`);
  }
  t.same(
    ['newChat', 'newChat1'].map((n) => registry.byName.get(n)?.params),
    [{ entry: 'listing' }, { entry: 'estate' }],
    'the two entries differ by a registry param, not by name',
  );
});
