import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import t from 'tap';
import { type CallContext, createApi } from '../../src/api/index.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { startTestBackend } from '../helpers/backend.ts';

/** The typed client against the embedded backend: every domain's calls reach a route and come back typed and non-empty. */
const backend = await startTestBackend();
t.teardown(backend.close);
const api = createApi({ gatewayUrl: backend.url, timeoutMs: 3000 });
const call: CallContext = { reqId: 'it-1', log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger };
const MEMBER = 'm100001';

t.test('city and configuration (SPEC 7.2)', async (t) => {
  t.match(await api.city.getCityByDomain(call, 'wh'), { cityId: 2, name: '武汉' });
  t.equal(await api.city.getCityByDomain(call, 'nowhere'), null);
  t.match(await api.config.switchSystemConfig(call, 1), { chat: true, webCall: /^400/ });
  t.ok((await api.config.bannerPics(call, 1, 'index')).length > 0);
  t.ok((await api.config.regions(call, 1)).length >= 8);
  t.ok((await api.config.metros(call, 1)).every((m) => m.stations.length > 0));
  t.same(await api.config.metros(call, 4), [], '株洲 has no metro');
  t.equal(await api.config.androidApkUrl(call), '/downloadapp/');
  t.ok((await api.config.joinTel(call)).length > 0);
  t.ok((await api.config.anchorLinks(call, 'Ershoufang', 1)).length > 0);
  t.match(await api.config.configKey(call, 'problem_ask', 1), Array);
});

t.test('new homes (SPEC 7.3)', async (t) => {
  const list = await api.house.findListByWap(call, { cityId: 1, size: 5, sort: 'priceAsc' });
  t.ok(list.totalElements > 0);
  t.ok(list.content.every((l, i, a) => i === 0 || a[i - 1].price <= l.price));
  const d = await api.house.findById(call, list.content[0].houseId);
  t.ok(d?.huxingList.length && d.DongTaiList.length && d.yushouList.length && d.prices.length, 'floor plans, news, pre-sale, prices');
  t.ok(d?.agentInfo?.belongerId);
  t.ok((await api.house.findHotLoupan(call, { cityId: 1, limit: 30 })).length > 0);
  t.ok((await api.house.findDT(call, d?.houseId as number)).content.length > 0);
  t.ok(Array.isArray(await api.house.louPanWylbPriceAll(call, d?.houseId as number)));
  t.ok((await api.house.salesRankPubPage(call, { cityId: 1, memberId: MEMBER })).content[0].rank === 1);
  t.ok((await api.house.starBelongerPubPage(call, { cityId: 1 })).totalElements > 0);
  t.match(await api.house.getCityAvgPriceByCityId(call, 1), { avgPrice: Number, ershouAvgPrice: Number });
});

t.test('second-hand, rentals and commercial (SPEC 7.4)', async (t) => {
  const page = await api.house.findByCondition(call, { cityId: 1, houseType: 11, rooms: [3], priceMax: 200, sort: 'priceDesc', size: 10 });
  t.ok(page.content.length > 0);
  t.ok(page.content.every((l) => l.rooms === 3 && l.price < 200 && l.priceUnit === '万'));
  const d = await api.house.findHouse(call, { houseId: page.content[0].houseId });
  t.ok(d?.photos.length && d.agentInfo && d.imDetails);
  t.same(await api.house.listingDetail(call, page.content[0].houseId), { ...d, viewNum: d?.viewNum });
  const rent = await api.house.findByWapConditionData(call, { cityId: 1, houseType: 12, rentType: '合租' });
  t.ok(rent.content.every((l) => l.rentType === '合租' && l.priceUnit === '元/月'));
  t.ok((await api.house.houseOperateLog(call, page.content[0].houseId)).length > 0);
  t.match(await api.house.countBusiness(call, 1, '商'), { total: Number });
  t.ok((await api.house.findBusinessFormat(call)).length > 0);
});

t.test('communities (SPEC 7.5): sname copied into name, 24 months of prices', async (t) => {
  const list = await api.xiaoqu.list(call, { cityId: 1, size: 5 });
  t.ok(list.content.every((x) => x.name === x.sname));
  const x = await api.xiaoqu.findById(call, list.content[0].stressId);
  t.equal(x?.prices.length, 24);
  t.equal(x?.name, x?.sname);
  t.equal((await api.xiaoqu.cityPrices(call, 1)).length, 24);
  const plans = await api.xiaoqu.huxing(call, list.content[0].stressId);
  t.ok(plans.length > 0 && plans.every((p) => p.name === `${p.rooms}室${p.halls}厅${p.toilets}卫`));
  t.ok((await api.xiaoqu.areaPrices(call, 1)).length >= 8);
  t.match(await api.xiaoqu.xiaoquRatio(call, list.content[0].stressId), { monthRatio: Number, yearRatio: Number });
});

t.test('schools and search (SPEC 7.6)', async (t) => {
  const schools = await api.school.findLouPanSchool(call, { cityId: 1 });
  t.ok(schools.totalElements > 0);
  const s = await api.school.findById(call, schools.content[0].schoolId);
  t.ok(s?.xiaoquList.length);
  const res = await api.search.search(call, { keyword: '长沙', cityId: 1, type: 'info' });
  t.ok((res?.total ?? 0) > 0);
  t.ok((await api.search.hot(call, 2, 1)).length > 0);
  t.ok(await api.search.common(call, { keyword: '学校', cityId: 1 }));
});

t.test('agents and stores (SPEC 7.7)', async (t) => {
  const agents = await api.belonger.findByCondition(call, { cityId: 1 });
  const card = await api.belonger.brokerCard(call, agents.content[0].belongerId);
  t.ok(card?.uid);
  t.match(await api.belonger.zhcall(call, agents.content[0].belongerId, 1), { webCall: /,\d{4}$/ });
  const stores = await api.belonger.storePage(call, { cityId: 1 });
  t.ok((await api.belonger.store(call, stores.content[0].storeId))?.belongerList.length);
});

t.test('user writes persist (SPEC 7.8)', async (t) => {
  const page = await api.house.findByCondition(call, { cityId: 1, size: 1 });
  const id = page.content[0].houseId;
  await api.user.collect(call, 'ershoufang', id, MEMBER);
  t.equal(await api.user.isCollect(call, id, MEMBER), true);
  t.equal(
    (await api.user.collectList(call, MEMBER)).some((c) => c.kind === 'ershoufang' && 'houseId' in c.item && c.item.houseId === id),
    true,
  );
  await api.user.removeCollect(call, id, MEMBER);
  t.equal(await api.user.isCollect(call, id, MEMBER), false);
  t.match(await api.user.kanfang(call, { houseId: id, name: '王先生', phone: '13912345678' }), { id: Number });
  t.match(await api.user.jubao(call, { houseId: id, reason: '图片不真实', memberId: MEMBER }), { status: '待处理' });
  t.equal((await api.user.jubaoRecords(call, MEMBER)).length, 1);
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const up = await api.user.uploadImg(call, { data: png, filename: 'a.png', mime: 'image/png' });
  t.match(up, { url: /^\/files\/upload\/.+\.png$/, mime: 'image/png' });
  const file = await fetch(`${backend.url}${up?.url}`);
  t.equal(file.headers.get('content-type'), 'image/png');
});

t.test('accounts: register with an SMS code, log in, read info, log out', async (t) => {
  const phone = '13700001111';
  await api.user.sendSmsCode(call, phone, 'register');
  const db = new Database(path.join(backend.dataDir, 'portal.db'), { readonly: true });
  const code = db.prepare('SELECT code FROM sms_code WHERE phone = ? ORDER BY id DESC').pluck().get(phone) as string;
  db.close();
  const reg = await api.user.register(call, { phone, password: 'secret123', code, nickName: '新用户' });
  t.match(reg, { uid: /^m\d+$/, phone, nickName: '新用户', token: String });
  const login = await api.user.login(call, { phone, password: 'secret123' });
  t.match(await api.user.memberInfo(call, login?.token as string), { uid: reg?.uid });
  await api.user.logout(call, login?.token as string);
  t.match(await api.user.memberInfo(call, login?.token as string).catch((e: unknown) => e), { statusCode: 401 });
  t.match(await api.user.login(call, { phone, password: 'wrong1234' }).catch((e: unknown) => e), {
    statusCode: 401,
    message: '手机号或密码错误',
  });
});

t.test('chat (SPEC 7.9)', async (t) => {
  const agents = await api.belonger.findByCondition(call, { cityId: 1, size: 1 });
  const uid = agents.content[0].uid;
  await api.chat.saveRecord(call, { userId: MEMBER, targetId: uid, msgType: 'text', content: '你好' });
  await api.chat.saveRecord(call, { userId: uid, targetId: MEMBER, msgType: 'house', content: { houseid: 1 } });
  const rec = await api.chat.records(call, MEMBER, uid);
  t.same(
    rec.content.map((r) => r.msgType),
    ['text', 'house'],
  );
  t.match(await api.chat.sessions(call, MEMBER), [{ targetId: uid, lastType: 'house', count: 2, agent: { uid } }]);
  t.match(await api.chat.friendKey(call, { uid }), { uid, conversationID: `C2C${uid}` });
  t.match(await api.chat.chatFrame(call, { uid, houseId: 1 }), { manager: { uid }, houseInfo: { houseid: 1 } });
});

t.test('articles, comments, likes, collects, follows (SPEC 7.10)', async (t) => {
  const docs = await api.info.docList(call, { cityId: 1, size: 1 });
  const id = docs.content[0].infoDocId;
  const c = await api.info.insertComment(call, { infoDocId: id, userId: MEMBER, content: '好文章' });
  await api.info.likeDoc(call, id, MEMBER, 1);
  await api.info.collectDoc(call, id, MEMBER);
  await api.info.follow(call, docs.content[0].accountId, MEMBER);
  const d = await api.info.docDetails(call, id, MEMBER);
  t.match(d, { isFabulous: true, isCollect: true, isFollow: true, commentNum: docs.content[0].commentNum + 1 });
  t.equal((await api.info.comments(call, { infoDocId: id })).content[0].infoCommentId, c?.infoCommentId);
  t.ok((await api.info.articleDetail(call, id))?.content);
  t.ok((await api.info.baikeList(call, { cityId: 1 })).totalElements > 0);
  t.ok((await api.info.wenda(call, 1))?.answers.length);
  const os = await api.info.overseasList(call, { sort: 'priceAsc' });
  t.ok(os.content.every((o, i, a) => i === 0 || a[i - 1].price <= o.price));
});

t.test('recommendations by kind number (SPEC 7.11): sizes of SPEC 9', async (t) => {
  const region = (await api.config.regions(call, 1))[0].regionId;
  const all = (await api.xiaoqu.list(call, { cityId: 1, size: 100 })).content;
  const x = all.find((a) => all.some((b) => b.stressId !== a.stressId && b.shopMapId === a.shopMapId)) as (typeof all)[number];
  const got: Record<number, unknown[]> = {};
  for (let kind = 1; kind <= 10; kind++) {
    got[kind] = await api.recommend.recommend(
      call,
      kind,
      kind === 9 ? { cityId: 1, stressId: x.stressId } : { cityId: 1, regionId: region },
    );
  }
  for (let kind = 1; kind <= 10; kind++) t.ok(got[kind].length > 0, `kind ${kind}`);
  t.equal(got[2].length, 1, 'region shops: limit 1');
  t.ok(got[5].length <= 10, 'hot new homes: 10');
  t.ok(got[10].length <= 10, 'rentals: 10');
  t.ok((got[10] as Array<{ houseType: number }>).every((l) => l.houseType === 12));
  t.same(await api.recommend.recommend(call, 99, { cityId: 1 }), []);
});

t.test('entrustment (/Index/yijianweituo): submit, list, change the price, take it off, read the log', async (t) => {
  const x = (await api.xiaoqu.list(call, { cityId: 1, size: 1 })).content[0];
  const e = await api.user.entrustSave(call, {
    memberId: 'm900',
    cityId: 1,
    kind: 'sell',
    stressId: x.stressId,
    building: '3栋',
    room: '1202',
    area: 96,
    rooms: 3,
    price: 150,
    contact: '刘女士',
    phone: '13911112222',
  });
  t.match(e, { status: '待受理', kindName: '委托出售', xiaoquName: x.sname, priceUnit: '万', agent: null });
  t.equal((await api.user.entrustList(call, 'm900')).length, 1);
  t.match(await api.user.entrustModifyPrice(call, { id: e?.id as number, memberId: 'm900', price: 142 }), { price: 142 });
  t.match(await api.user.entrustModifyPrice(call, { id: e?.id as number, memberId: 'someone', price: 1 }).catch((err: unknown) => err), {
    statusCode: 404,
  });
  t.match(await api.user.entrustRemoveShelf(call, { id: e?.id as number, memberId: 'm900', reason: '已自行售出' }), { status: '已下架' });
  const d = await api.user.entrust(call, e?.id as number, 'm900');
  t.same(
    d?.logs.map((l) => l.action),
    ['提交委托', '修改价格', '下架'],
  );
  t.match(await api.user.entrustModifyPrice(call, { id: e?.id as number, memberId: 'm900', price: 130 }).catch((err: unknown) => err), {
    statusCode: 400,
  });
});

t.test('valuation (/fangjia/gujia) from the community price and the home, kept in the member records; metro prices', async (t) => {
  const x = (await api.xiaoqu.list(call, { cityId: 1, size: 1 })).content[0];
  const home = { stressId: x.stressId, area: 100, rooms: 3, floor: 3, totalFloors: 18 };
  const plain = await api.xiaoqu.estimate(call, { ...home, orientation: '北', decoration: '毛坯' });
  const better = await api.xiaoqu.estimate(call, {
    memberId: 'm901',
    ...home,
    orientation: '南北',
    decoration: '豪装',
  });
  t.ok(plain && better && better.unitPrice > plain.unitPrice, 'orientation and decoration raise the price');
  t.ok(plain && plain.low < plain.totalPrice && plain.totalPrice < plain.high);
  t.same(
    better?.adjustments.filter((a) => a.kind === '朝向' || a.kind === '装修').map((a) => a.name),
    ['南北', '豪装'],
  );
  t.match(await api.xiaoqu.valuationRecords(call, 'm901'), [{ stressId: x.stressId, totalPrice: better?.totalPrice }]);
  t.same(await api.xiaoqu.valuationRecords(call, 'nobody'), []);
  const lines = await api.xiaoqu.metroPrices(call, 1);
  t.ok(lines.length >= 6 && lines.some((l) => l.stations.some((s) => s.ershoucount > 0 && s.avgPrice)));
});
