import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { seededDataDir } from '../helpers/backend.ts';

/**
 * The contract of every endpoint of the embedded gateway (SPEC 7): the envelope {status: 200, obj}, paged results in
 * obj.content with totals, and HTTP 400 {status: 400, message naming the field} on bad input. The last test checks that
 * this table covers every route the backend registers.
 */
const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const dataDir = await seededDataDir();
const app = await buildBackend({ dataDir, logger: false });
t.teardown(() => app.close());

const ro = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
const one = (sql: string) => ro.prepare(sql).pluck().get() as number | string;
const ids = {
  listing: one(
    'SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 AND id IN (SELECT listing_id FROM daikan) ORDER BY id LIMIT 1',
  ) as number,
  houseNumber: one(
    'SELECT house_number FROM listing WHERE city_id = 1 AND house_type = 11 AND id IN (SELECT listing_id FROM daikan) ORDER BY id LIMIT 1',
  ) as string,
  readme: one('SELECT l.house_number FROM owner_readme o JOIN listing l ON l.id = o.listing_id LIMIT 1') as string,
  rent: one('SELECT id FROM listing WHERE house_type = 12 ORDER BY id LIMIT 1') as number,
  loupan: 1,
  dt: one('SELECT id FROM dongtai WHERE loupan_id = 1 LIMIT 1') as number,
  xiaoqu: one('SELECT xiaoqu_id FROM listing WHERE city_id = 1 AND house_type = 11 LIMIT 1') as number,
  region: one('SELECT id FROM region WHERE city_id = 1 ORDER BY sort LIMIT 1') as number,
  shop: one('SELECT id FROM shop_map WHERE city_id = 1 LIMIT 1') as number,
  belonger: one('SELECT belonger_id FROM listing WHERE city_id = 1 LIMIT 1') as number,
  belongerUid: one('SELECT uid FROM belonger WHERE id = (SELECT belonger_id FROM listing WHERE city_id = 1 LIMIT 1)') as string,
  store: one('SELECT id FROM store WHERE city_id = 1 LIMIT 1') as number,
  school: one('SELECT school_id FROM school_xiaoqu LIMIT 1') as number,
  doc: one('SELECT id FROM info_doc WHERE comment_num > 0 LIMIT 1') as number,
  comment: one('SELECT id FROM info_comment LIMIT 1') as number,
  baike: 1,
  wenda: 1,
  overseas: 1,
  activity: one(
    `SELECT id FROM activity WHERE city_id = 1 AND ends_at > datetime('now', '+8 hours') AND starts_at <= datetime('now', '+8 hours') ORDER BY id LIMIT 1`,
  ) as number,
  /** Issue 34: the rows the member m100001's booking and report below will have (this file's writes run in order). */
  kanfangMine: (one('SELECT COALESCE(MAX(id), 0) FROM kanfang') as number) + 2,
  jubaoMine: (one('SELECT COALESCE(MAX(id), 0) FROM jubao') as number) + 1,
  groupSession: one(
    `SELECT g.id FROM group_session g WHERE g.city_id = 1 AND g.starts_at > datetime('now', '+8 hours') AND g.seats > (SELECT COUNT(*) FROM group_signup s WHERE s.session_id = g.id) LIMIT 1`,
  ) as number,
};
ro.close();

type Method = 'GET' | 'POST';
interface Case {
  method: Method;
  url: string;
  body?: unknown;
  /** obj is a page: content, totalElements, totalPages, number, size. */
  paged?: boolean;
  /** obj must be present and non-empty. */
  nonEmpty?: boolean;
  route?: string;
}
const G = (url: string, o: Partial<Case> = {}): Case => ({ method: 'GET', url, nonEmpty: true, ...o });
const P = (url: string, body: unknown, o: Partial<Case> = {}): Case => ({ method: 'POST', url, body, nonEmpty: true, ...o });
const q = encodeURIComponent;
/** A viewing date `n` days ahead (Beijing time): appointments must not be in the past (issue 13). */
const daysAhead = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

const CASES: Case[] = [
  // 7.2 banners, city, configuration
  G('/web/banner/getpic/1/index', { route: '/web/banner/getpic/:cityId/:content' }),
  G('/api/infomercial/pic/get/1/xinfang', { route: '/api/infomercial/pic/get/:cityId/:content' }),
  G('/api/city/getCityByDomain?domain=cs'),
  G(`/api/city/findSiteByName?name=${q('长沙')}`),
  G('/api/city/findById/2', { route: '/api/city/findById/:cityId' }),
  G('/api/city/findAll'),
  G('/api/config/getSwitchSystemConfigByCityId/1', { route: '/api/config/getSwitchSystemConfigByCityId/:cityId' }),
  G('/api/config/key/zsdh?cityId=1', { route: '/api/config/key/:key' }),
  G('/api/config/key2/zstupian?cityId=1', { route: '/api/config/key2/:key' }),
  G('/systemConfig/listData/TO_JOIN_TEL', { route: '/systemConfig/listData/:key' }),
  G('/api/app/version/resolve/Android', { route: '/api/app/version/resolve/:platform' }),
  P('/api/appmenuupgrade/list', { cityId: 1 }),
  G('/api/region/findByCityId/1', { route: '/api/region/findByCityId/:cityId' }),
  G('/api/loupanregion/findByCityId/1', { route: '/api/loupanregion/findByCityId/:cityId' }),
  G(`/api/loupanregion/findByRegionId/${ids.region}`, { route: '/api/loupanregion/findByRegionId/:regionId' }),
  G(`/api/loupanregion/Coutlot/${ids.region}`, { route: '/api/loupanregion/Coutlot/:id' }),
  G('/api/house/findMetros/1', { route: '/api/house/findMetros/:cityId' }),
  G('/api/school/getSchoolRegionList/1', { route: '/api/school/getSchoolRegionList/:id' }),
  G('/api/xiaoqu/buildTypeDict'),
  P('/api/link/find', { cityId: 1, kind: 'ershoufang' }),
  ...['Zufang', 'Ershoufang', 'Xinfang', 'Xiaoqu', 'Zixun'].map((k) =>
    G(`/api/anchorlink/get${k}AnchorLinks/1m`, { route: `/api/anchorlink/get${k}AnchorLinks/:x` }),
  ),
  // 7.3 new homes
  P('/api/house/findListByWap', { cityId: 1, size: 5 }, { paged: true }),
  P('/web/house/findByWeb', { cityId: 1, typeCode: 1 }, { paged: true }),
  G(`/api/house/findById/${ids.loupan}`, { route: '/api/house/findById/:id' }),
  G(`/api/house/findByIdForM/${ids.loupan}`, { route: '/api/house/findByIdForM/:id' }),
  G('/api/house/hsmid/hs200001', { route: '/api/house/hsmid/:id' }),
  // Video and VR (issue 19)
  G('/api/video/list?cityId=1&size=3', { paged: true }),
  G('/api/video/find/1', { route: '/api/video/find/:id' }),
  G('/api/vr/list?cityId=1&houseType=1&size=3', { paged: true }),
  G('/api/vr/find/1', { route: '/api/vr/find/:id' }),
  G('/api/house/findWapHotLoupan?cityId=1&limit=10&orderBy=viewNum'),
  G('/api/house/findHotLoupan?cityId=1'),
  G('/api/house/findNewest/1/5', { route: '/api/house/findNewest/:cityId/:limit' }),
  G('/api/house/getHousebyLocation/112.94,28.23?cityId=1', { route: '/api/house/getHousebyLocation/:x' }),
  G('/api/house/getHousebyLocation/region?cityId=1&kind=ershoufang', { route: '/api/house/getHousebyLocation/:x' }),
  G('/api/map/nearby?cityId=1&lng=112.94&lat=28.23'),
  G('/api/house/getCityAvgPriceByCityId/1', { route: '/api/house/getCityAvgPriceByCityId/:cityId' }),
  G(`/api/house/louPanWylbPrice/${ids.loupan}/all`, { route: '/api/house/louPanWylbPrice/:houseId/:type' }),
  G(`/api/house/wylbPrice/${ids.loupan}`, { route: '/api/house/wylbPrice/:id' }),
  G(`/api/house/findwylb/${ids.loupan}`, { route: '/api/house/findwylb/:id' }),
  G('/api/house/getLouPanByRecommend/1/6', { route: '/api/house/getLouPanByRecommend/:cityId/:limit' }),
  G(`/api/house/popupBelonger/${ids.loupan}`, { route: '/api/house/popupBelonger/:id' }),
  G(`/api/house/findContractList?houseId=${ids.loupan}`),
  G('/api/house/findContractRank/1/10', { route: '/api/house/findContractRank/:a/:b' }),
  G(`/api/houseinfo/getStatisticsByLpId/${ids.loupan}`, { route: '/api/houseinfo/getStatisticsByLpId/:id' }),
  P('/api/houseinfo/getListByLpId', { lpId: ids.loupan }),
  G('/api/juhe/allCharacter/1', { route: '/api/juhe/allCharacter/:cityId' }),
  G('/api/juhe/detail/1?cityId=1', { route: '/api/juhe/detail/:id' }),
  P(`/api/dongtai/findDT/${ids.loupan}`, { page: 1, size: 5 }, { paged: true, route: '/api/dongtai/findDT/:id' }),
  G(`/api/dongtai/xiangqingContent/${ids.loupan}/${ids.dt}`, { route: '/api/dongtai/xiangqingContent/:houseId/:DTid' }),
  G(`/api/dongtai/xiangqingContentByOld/${ids.loupan}/${ids.dt}`, { route: '/api/dongtai/xiangqingContentByOld/:houseId/:DTid' }),
  G('/api/newHouseSalesRank/pubPage?cityId=1&memberId=m100001', { paged: true }),
  G(`/api/newHouseSalesRank/favorite?favorite=true&memberId=m100001&newHouseId=${ids.loupan}`),
  G(`/api/newHouseSalesRank/detail?cityId=1&newHouseId=${ids.loupan}`),
  G('/api/newHouseStarBelonger/pubPage?cityId=1', { paged: true }),
  P('/api/belongerLouPanBind/getBelongerLouPanListNew', { houseId: ids.loupan }),
  G(`/api/school/getSchoolByHouseId/${ids.loupan}`, { route: '/api/school/getSchoolByHouseId/:id', nonEmpty: false }),
  G('/api/privateContract/findByIdOld/1', { route: '/api/privateContract/findByIdOld/:id' }),
  // 7.4 second-hand, rental, commercial
  G(`/api/xiaoqu/getRandomXiaoquByshopMapId?shopMapId=${ids.shop}`),
  G(`/api/houserole/${ids.listing}`, { route: '/api/houserole/:id' }),
  G(`/api/house/collect/houseTotal/${ids.listing}`, { route: '/api/house/collect/houseTotal/:id', nonEmpty: false }),
  G(`/web/praise/count/${ids.listing}`, { route: '/web/praise/count/:id', nonEmpty: false }),
  G(`/web/praise/${ids.listing}?userId=u1`, { route: '/web/praise/:id' }),
  G(`/api/house/addViewNum/${ids.houseNumber}`, { route: '/api/house/addViewNum/:houseNumber' }),
  P('/api/house/search/findByCondition', { cityId: 1, houseType: 11, rooms: [2, 3], sort: 'priceAsc' }, { paged: true }),
  P('/api/house/search/findByWapConditionData', { cityId: 1, houseType: 12, rentType: '整租' }, { paged: true }),
  P('/api/house/search/findHouse', { houseId: ids.listing }),
  G(`/api/house/search/detail/${ids.listing}`, { route: '/api/house/search/detail/:id' }),
  P('/api/house/search/douyin/findByCondition', { cityId: 1 }, { paged: true }),
  G(`/api/house/search/countBusiness/1/${q('商铺')}`, { route: '/api/house/search/countBusiness/:cityId/:text' }),
  G(`/api/daikan/findRecordListByHouseNumber/${ids.houseNumber}`, { route: '/api/daikan/findRecordListByHouseNumber/:n' }),
  G(`/api/houseoperatelog/${ids.listing}`, { route: '/api/houseoperatelog/:id' }),
  G(`/api/houseoperatelog/${ids.listing}/${q('上架')}`, { route: '/api/houseoperatelog/:id/:x' }),
  G(`/api/countChangePriceTimes/${ids.listing}`, { route: '/api/countChangePriceTimes/:id', nonEmpty: false }),
  P('/api/problemAsk/getProblemAskList', { cityId: 1 }),
  G(`/api/audit/findcontend/${ids.houseNumber}/${ids.belonger}`, {
    route: '/api/audit/findcontend/:houseNumber/:belongerid',
    nonEmpty: false,
  }),
  G(`/api/ownerReadme/findByHouseNumber/${ids.readme}`, { route: '/api/ownerReadme/findByHouseNumber/:n' }),
  G(`/api/house/saveHouseViewHistory/${ids.listing}/m100001/wap`, { route: '/api/house/saveHouseViewHistory/:houseId/:memberId/:source' }),
  G(`/api/house/saveHouseViewHistory/${ids.loupan}/m100001/wap?kind=newhouse`),
  G('/api/house/viewHistory/list/m100001', { route: '/api/house/viewHistory/list/:memberId' }),
  P('/api/house/viewHistory/remove', { memberId: 'm100001', houseId: ids.loupan, kind: 'newhouse' }),
  P('/api/house/viewHistory/clear', { memberId: 'm100001' }),
  G('/api/cmsShopComboUserOrder/findBusinessFormat'),
  P('/api/belongerHouseCommentRent/find', { houseId: ids.rent }, { paged: true }),
  // 7.5 communities and prices
  G(`/api/xiaoqu/findById/${ids.xiaoqu}`, { route: '/api/xiaoqu/findById/:id' }),
  G(`/api/xiaoqu/findBriefById/${ids.xiaoqu}`, { route: '/api/xiaoqu/findBriefById/:id' }),
  G(`/api/xiaoqu/${ids.xiaoqu}`, { route: '/api/xiaoqu/:id' }),
  G(`/api/xiaoqu/huxing/${ids.xiaoqu}`, { route: '/api/xiaoqu/huxing/:id' }),
  P('/api/xiaoqu', { cityId: 1, sort: 'priceDesc' }, { paged: true }),
  P(`/api/xiaoqu/${ids.xiaoqu}`, {}, { route: '/api/xiaoqu/:id' }),
  P('/web/xiaoqu', { cityId: 1, regionId: ids.region }, { paged: true }),
  P(`/web/xiaoqu/${ids.xiaoqu}`, {}, { route: '/web/xiaoqu/:id' }),
  P('/api/xiaoqudata', { stressId: ids.xiaoqu }),
  P('/api/findXiaoquByName', { name: '湖', cityId: 1 }),
  P('/api/stressRank/queryPage', { cityId: 1 }, { paged: true }),
  P('/api/hotStress', { cityId: 1, limit: 5 }),
  P('/api/hotStress', { cityId: 1, regionId: ids.region, limit: 5 }),
  G('/api/topic/list/1', { route: '/api/topic/list/:cityId' }),
  G('/api/topic/1', { route: '/api/topic/:id' }),
  G('/api/avgprice/findlist/1', { route: '/api/avgprice/findlist/:id' }),
  G(`/api/avgprice_s/findlist/${ids.xiaoqu}`, { route: '/api/avgprice_s/findlist/:id' }),
  G(`/api/avgprice_s/findRatio/${ids.xiaoqu}`, { route: '/api/avgprice_s/findRatio/:id' }),
  G('/api/housePrice/area/city/1', { route: '/api/housePrice/area/city/:cityId' }),
  G(`/api/housePrice/region/${ids.region}`, { route: '/api/housePrice/region/:regionId' }),
  G(`/api/housePrice/buglist/${ids.xiaoqu}/11/all`, { route: '/api/housePrice/buglist/:stressid/:type/:useAgeType' }),
  G(`/api/douYinMiniProgram/getStressMaxOrMinPriceByStressId/${ids.xiaoqu}/1`, {
    route: '/api/douYinMiniProgram/getStressMaxOrMinPriceByStressId/:stressId/:cityId',
  }),
  G(`/api/shopMap/findByRegionId/${ids.region}`, { route: '/api/shopMap/findByRegionId/:regionId' }),
  G(`/api/shopMap/findLimitShopMap/${ids.region}/1`, { route: '/api/shopMap/findLimitShopMap/:regionId/:limit' }),
  P('/api/shopMap/find', { cityId: 1 }),
  P('/api/citylog/findByCondition', { cityId: 1, months: 12 }),
  // 7.6 schools and search
  P('/web/school/findLouPanSchoolByWeb', { cityId: 1 }, { paged: true }),
  P('/api/school/findLouPanSchoolByWeb', { cityId: 1, level: '小学' }, { paged: true }),
  G('/web/school/search?cityId=1', { paged: true }),
  G(`/api/school/getSchoolByStressId/${ids.xiaoqu}?size=2`, { route: '/api/school/getSchoolByStressId/:id', nonEmpty: false }),
  G('/api/school/getHotSearch/1', { route: '/api/school/getHotSearch/:id' }),
  G(`/api/school/findById/${ids.school}`, { route: '/api/school/findById/:id' }),
  G('/api/search/hotcommont/2/1', { route: '/api/search/hotcommont/:type/:cityId' }),
  G(`/api/search?keyword=${q('湖')}&cityId=1`),
  G(`/api/search/?text=${q('湖')}&cityId=1&newHouse=true`, { route: '/api/search' }),
  G(`/api/search/mendian?cityId=1&keyword=${q('店')}`),
  P('/api/search/common', { keyword: '长沙', cityId: 1 }),
  // 7.7 agents, stores, comments
  G(`/api/belonger/find/${ids.belonger}`, { route: '/api/belonger/find/:id' }),
  G('/api/department/house/1?size=2', { route: '/api/department/house/:id', paged: true }),
  G('/api/department/xiaoqu/1?size=2', { route: '/api/department/xiaoqu/:id', paged: true }),
  G('/api/department/news/1?size=2', { route: '/api/department/news/:id', paged: true }),
  G('/api/belonger/getRecommendBelonger/1', { route: '/api/belonger/getRecommendBelonger/:id' }),
  G(`/api/belonger/wapbrokercard/find/${ids.belonger}`, { route: '/api/belonger/wapbrokercard/find/:id' }),
  P('/api/belonger/findByCondition', { cityId: 1 }, { paged: true }),
  P('/api/belonger/getPersonalized', { houseId: ids.listing }),
  P('/api/belonger/getRecommendBelongerList', { cityId: 1 }),
  P(
    `/api/belonger/getMainlyPopularizeHouse/${ids.belonger}/11`,
    {},
    { route: '/api/belonger/getMainlyPopularizeHouse/:belongerId/:type', nonEmpty: false },
  ),
  P(
    '/api/belongerHouseComment/findHouseNumbers/',
    { houseNumbers: [ids.houseNumber] },
    { route: '/api/belongerHouseComment/findHouseNumbers', nonEmpty: false },
  ),
  G(`/api/belongerHouseComment/commentBelonger/${ids.belonger}`, {
    route: '/api/belongerHouseComment/commentBelonger/:id',
    nonEmpty: false,
  }),
  P('/api/belongerHouseComment/findWithDaikan', { houseNumber: ids.houseNumber }),
  G(`/api/daikan/findlistbybelongerId/${ids.belonger}`, { route: '/api/daikan/findlistbybelongerId/:id', paged: true }),
  G(`/api/department/findDepartmentByStressId/${ids.xiaoqu}`, { route: '/api/department/findDepartmentByStressId/:id' }),
  P('/api/department/pageForWeb', { cityId: 1 }, { paged: true }),
  G(`/api/department/findById/${ids.store}`, { route: '/api/department/findById/:id' }),
  G(`/api/zhcall/${ids.belonger}/1`, { route: '/api/zhcall/:belongerId/:type' }),
  G('/api/commitment/list'),
  G('/api/commitment/find/1', { route: '/api/commitment/find/:id' }),
  P('/api/yhdianping/wap/list', { cityId: 1 }, { paged: true }),
  P('/api/yhdianping/adddianping', { houseId: ids.loupan, memberId: 'm100001', score: 5, content: '户型很好，采光不错' }),
  P('/api/CmsWechatComment/save', { content: '很好' }),
  // 7.8 user actions
  G(`/api/house/collect/add/${ids.listing}/m100001`, { route: '/api/house/collect/add/:houseId/:memberId' }),
  G(`/api/house/collect/add/rent/${ids.rent}/m100001`, { route: '/api/house/collect/add/rent/:houseId/:memberId' }),
  G(`/api/house/collect/addNewHouse/${ids.loupan}/m100001`, { route: '/api/house/collect/addNewHouse/:houseId/:memberId' }),
  G(`/api/house/collect/addXiaoQu/${ids.xiaoqu}/m100001`, { route: '/api/house/collect/addXiaoQu/:houseId/:memberId' }),
  G(`/api/house/collect/addOverseas/${ids.overseas}/m100001`, { route: '/api/house/collect/addOverseas/:houseId/:memberId' }),
  G(`/api/house/collect/isCollect/${ids.listing}/m100001`, { route: '/api/house/collect/isCollect/:houseId/:memberId' }),
  G('/api/house/collect/list/m100001', { route: '/api/house/collect/list/:memberId' }),
  G(`/api/house/collect/remove/${ids.listing}/m100001?kind=ershoufang`, { route: '/api/house/collect/remove/:houseId/:memberId' }),
  P('/api/kanfang/add', { houseId: ids.listing, houseType: 11, name: '王先生', phone: '13912345678', visitDate: daysAhead(6) }),
  P('/api/kanfang/add', { houseId: ids.listing, houseType: 11, name: '王先生', phone: '13912345678', memberId: 'm100001' }),
  P('/api/kanfang/cancel', { id: ids.kanfangMine, memberId: 'm100001' }),
  P('/api/house/collect/removeBatch', {
    memberId: 'm100001',
    items: [
      { houseId: ids.rent, kind: 'rent' },
      { houseId: ids.xiaoqu, kind: 'xiaoqu' },
    ],
  }),
  // 加入对比 (issue 37 part 4)
  P('/api/compare/add', { memberId: 'm100001', kind: 'zufang', houseId: ids.rent }),
  G('/api/compare/list/m100001', { route: '/api/compare/list/:memberId' }),
  P('/api/compare/remove', { memberId: 'm100001', kind: 'zufang', houseId: ids.rent }),
  P('/api/compare/merge', { memberId: 'm100001', kind: 'xinfang', ids: [ids.loupan] }),
  P('/api/compare/clear', { memberId: 'm100001' }),
  P('/api/daikan/addDaiKan', { houseId: ids.listing, belongerId: ids.belonger, customer: '李女士' }),
  P('/api/jubao/save', { houseId: ids.listing, reason: '价格不真实', memberId: 'm100001' }),
  G('/api/jubao/findByMember/m100001', { route: '/api/jubao/findByMember/:memberId' }),
  P('/api/jubao/withdraw', { id: ids.jubaoMine, memberId: 'm100001' }),
  G('/api/kanfang/findByMember/m100001', { route: '/api/kanfang/findByMember/:memberId', nonEmpty: false }),
  G('/api/correction/findByMember/m100001', { route: '/api/correction/findByMember/:memberId', nonEmpty: false }),
  G('/api/feedback/findByMember/m100001', { route: '/api/feedback/findByMember/:memberId', nonEmpty: false }),
  G('/api/activity/coupons/1', { route: '/api/activity/coupons/:cityId' }),
  G('/api/member/summary/m100001?phone=13800138000', { route: '/api/member/summary/:memberId' }),
  G('/api/duanxindingyue/findByPhone/13912345678', { route: '/api/duanxindingyue/findByPhone/:phone', nonEmpty: false }),
  P('/api/correction/insert', { houseId: ids.listing, content: '面积应为89平米' }),
  P('/api/feedback/save', { content: '希望增加地图找房功能', phone: '13912345678' }),
  G('/api/customerDemand/findOne?phone=13912345678', { nonEmpty: false }),
  P('/api/customerDemand/save', { phone: '13912345678', demandType: '买二手房', budget: '100-150万' }),
  G('/web/coupon/member/13800138000', { route: '/web/coupon/member/:phone' }),
  G('/api/activity/get/coupon/13912345678/XH2026002', { route: '/api/activity/get/coupon/:phone/:couponNo' }),
  P('/api/duanxindingyue/adddxdy', { phone: '13912345678', houseId: ids.loupan, kind: '开盘通知' }),
  P('/apply/saveApply', { name: '张三', phone: '13912345678', city: '益阳' }),
  P('/admin/Join/JoinSave', { name: '张三', phone: '13912345678' }),
  P('/api/cityAttractInvestment/saveAttractInvestment', { name: '李四', phone: '13912345678', company: '某某地产' }),
  P('/api/huoDongTG/install', { platFormDesc: 'wap', pageUrl: '/huodong/xinfang/1' }),
  P('/web/huoDongTG/install', { platFormDesc: 'pc' }),
  P('/api/template/updateCustomerFlowDataRecord', { activityId: ids.activity, name: '张三', phone: '13912345678' }),
  G('/api/template/posterShareUv/1', { route: '/api/template/posterShareUv/:posterId' }),
  P('/api/apiGrabCustomersSenMessage/senMessage', { phone: '13912345678', content: '您好' }),
  P('/api/qrcodePutInCount/save', { posterId: 1, scene: 'poster' }),
  // Campaigns (issue 19)
  G('/api/activity/list/1?state=running&size=5', { route: '/api/activity/list/:cityId', paged: true }),
  G(`/api/activity/detail/${ids.activity}`, { route: '/api/activity/detail/:id' }),
  G('/api/activity/current/1/xinfang', { route: '/api/activity/current/:cityId/:kind' }),
  G('/api/grouproom/sessions/1', { route: '/api/grouproom/sessions/:cityId' }),
  P('/api/grouproom/signup', { sessionId: ids.groupSession, name: '张三', phone: '13912345678' }),
  G('/api/promotion/list/1', { route: '/api/promotion/list/:cityId' }),
  P('/Personinformation/save', { memberId: 'm100001', realName: '演示' }),
  P('/Personinformation/find', { memberId: 'm100001' }),
  // valuation and metro prices
  P('/api/gujia/estimate', {
    memberId: 'm100001',
    stressId: ids.xiaoqu,
    area: 90,
    rooms: 3,
    floor: 8,
    totalFloors: 18,
    orientation: '南北',
    decoration: '精装',
  }),
  G('/api/gujia/records/m100001', { route: '/api/gujia/records/:memberId' }),
  G('/api/gujia/records/m100001/1', { route: '/api/gujia/records/:memberId/:id' }),
  P('/api/gujia/records/delete', { id: 1, memberId: 'm100001' }),
  G('/api/housePrice/metro/1', { route: '/api/housePrice/metro/:cityId' }),
  G('/api/housePrice/levels/shopMap/1', { route: '/api/housePrice/levels/:kind/:cityId' }),
  G('/api/housePrice/levels/station/1', { route: '/api/housePrice/levels/:kind/:cityId' }),
  G('/api/housePrice/level/shopMap/1', { route: '/api/housePrice/level/:kind/:id' }),
  // in-app pages: deals and listing verification (issue 19)
  P('/api/deal/findByCondition', { cityId: 1, size: 5 }, { paged: true }),
  P('/api/deal/findByCondition', { cityId: 1, regionId: ids.region, houseType: 11 }, { paged: true }),
  G(`/api/house/verify/${ids.listing}`, { route: '/api/house/verify/:id' }),
  G(`/api/house/verify/find?cityId=1&houseNumber=${ids.houseNumber}`),
  // entrustment
  P('/api/entrust/save', {
    memberId: 'm100001',
    cityId: 1,
    kind: 'sell',
    stressId: ids.xiaoqu,
    area: 89.5,
    rooms: 3,
    price: 120,
    contact: '王先生',
    phone: '13912345678',
  }),
  G('/api/entrust/list/m100001', { route: '/api/entrust/list/:memberId' }),
  G('/api/entrust/1?memberId=m100001', { route: '/api/entrust/:id' }),
  P('/api/entrust/modifyPrice', { id: 1, memberId: 'm100001', price: 115 }),
  P('/api/entrust/removeShelf', { id: 1, memberId: 'm100001', reason: '暂不出售' }),
  P('/api/entrust/transition', { id: 1, to: '已受理', actor: '控制台' }, { nonEmpty: false }),
  // saved searches and notices (issue 37)
  P('/api/savedSearch/save', {
    memberId: 'm100001',
    cityId: 1,
    list: 'ershoufang',
    url: '/ershoufang/p3/',
    filter: { cityId: 1, houseType: 11, priceMin: 80, priceMax: 100 },
    name: '80-100万二手房',
    wantNew: true,
    wantDrop: true,
    sms: false,
  }),
  P('/api/savedSearch/save', {
    memberId: 'm100001',
    cityId: 1,
    list: 'xinfang',
    url: '/xinfang/p4/',
    filter: { cityId: 1, priceMin: 10000, priceMax: 15000 },
    name: '均价1-1.5万新房',
    wantNew: true,
    wantDrop: true,
    sms: false,
  }),
  // the new-home console (issue 37)
  P('/api/house/console/update', { houseId: 1, price: 15000, actor: '新房控制台' }),
  G('/api/savedSearch/list/m100001', { route: '/api/savedSearch/list/:memberId' }),
  P('/api/savedSearch/update', { memberId: 'm100001', id: 1, enabled: false }),
  P('/api/savedSearch/delete', { memberId: 'm100001', id: 1 }),
  G('/api/notice/list/m100001?page=1&size=5', { route: '/api/notice/list/:memberId', nonEmpty: false }),
  G('/api/notice/unread/m100001', { route: '/api/notice/unread/:memberId' }),
  P('/api/notice/read', { memberId: 'm100001' }),
  P('/api/notice/delete', { memberId: 'm100001', id: 1 }, { nonEmpty: false }),
  G('/api/notice/settings/m100001', { route: '/api/notice/settings/:memberId' }),
  P('/api/notice/settings', { memberId: 'm100001', sms: true, quiet: true, quietFrom: '22:00', quietTo: '08:00' }),
  G('/api/notice/sms/m100001', { route: '/api/notice/sms/:memberId', nonEmpty: false }),
  // accounts
  P('/api/member/login', { phone: '13800138000', password: 'Demo@2026' }),
  P('/api/member/sendSmsCode', { phone: '13912345679', purpose: 'register' }),
  G('/api/member/info?token=nope', { nonEmpty: false }),
  P('/api/member/logout', { token: 'nope' }),
  P('/api/member/update', { token: 'nope' }, { nonEmpty: false }),
  P('/api/member/register', { phone: '13912345679', password: 'abc12345', code: '000000' }, { nonEmpty: false }),
  P('/api/member/resetPassword', { phone: '13800138000', password: 'abc12345', code: '000000' }, { nonEmpty: false }),
  G('/api/member/session/1', { route: '/api/member/session/:userId' }),
  P('/api/member/changePassword', { userId: '1', oldPassword: 'wrong1234', password: 'abc12345' }, { nonEmpty: false }),
  P('/api/member/revokeSessions', { userId: '1' }),
  P('/api/member/profile', { userId: '1', nickName: '新名字' }),
  // 7.9 chat
  G('/api/microchat/revert'),
  P('/api/microchat/record', { userId: 'm100001', targetId: ids.belongerUid, msgType: 'text', content: '你好' }),
  G(`/api/microchat/record/m100001/${ids.belongerUid}`, { route: '/api/microchat/record/:userId/:targetId', paged: true }),
  G('/api/microchat/sessions/m100001', { route: '/api/microchat/sessions/:userId' }),
  P('/api/mobpush/send', { target: 'm100001', content: '新消息' }),
  // chat (issue 18)
  P('/api/microchat/read', { userId: 'm100001', targetId: ids.belongerUid }),
  P('/api/microchat/pin', { userId: 'm100001', targetId: ids.belongerUid, pinned: true }),
  P('/api/microchat/remove', { userId: 'm100001', targetId: ids.belongerUid }),
  G('/api/microchat/unread/m100001', { route: '/api/microchat/unread/:userId' }),
  P('/api/microchat/presence', { userId: ids.belongerUid, node: 'n1', sockets: 1 }),
  G(`/api/microchat/presence/${ids.belongerUid}`, { route: '/api/microchat/presence/:userId' }),
  P('/api/microchat/autoreply', { userId: ids.belongerUid, targetId: 'm100001', windowSeconds: 3600 }),
  P('/api/microchat/agent/login', { account: ids.belongerUid, password: 'Agent@2026' }),
  // The inbox's server-side sessions (issue 33): an unknown token is no session; a sign-out of it ends nothing.
  G(`/api/microchat/agent/session?token=${'x'.repeat(43)}`, { nonEmpty: false, route: '/api/microchat/agent/session' }),
  P('/api/microchat/agent/logout', { token: 'x'.repeat(43) }),
  // where an agent may write (issue 33)
  G(`/api/microchat/access/${ids.belongerUid}/m100001?houseId=${ids.listing}&houseType=11`, {
    route: '/api/microchat/access/:userId/:targetId',
  }),
  P('/adduser', { uid: 'm100001' }),
  P('/friendkey', { belongerId: ids.belonger }),
  P('/getServerTime', {}),
  P('/reporter', { event: 'open' }),
  P('/chatframe', { belongerId: ids.belonger, houseId: ids.listing }),
  // 7.10 articles
  P('/api/info/getInfoDocList', { cityId: 1, typeId: 1 }, { paged: true }),
  G('/api/info/getInfoTypeListByArr/1,2,3', { route: '/api/info/getInfoTypeListByArr/:arr' }),
  G(`/api/info/getHotInfoCommentList/${ids.doc}/3`, { route: '/api/info/getHotInfoCommentList/:infoDocId/:limit' }),
  P('/api/info/insertInfoComment', { infoDocId: ids.doc, userId: 'm100001', content: '写得好' }),
  G(`/api/info/deleteInfoComment/${ids.comment}`, { route: '/api/info/deleteInfoComment/:id' }),
  P('/api/info/insertlist', { infoDocId: ids.doc }, { paged: true }),
  P('/info/InfoFangList', { cityId: 1 }),
  G(`/api/info/updateDocFabulousNum/${ids.doc}/m100001/1`, { route: '/api/info/updateDocFabulousNum/:infoDocId/:userId/:num' }),
  G(`/api/info/getInfoDocDetails/${ids.doc}/m100001`, { route: '/api/info/getInfoDocDetails/:infoDocId/:userId' }),
  G(`/info/article/getInfoDetail/${ids.doc}`, { route: '/info/article/getInfoDetail/:id' }),
  G(`/api/info/getInfoCommentFabulousList/${ids.doc}?userId=m100001`, { route: '/api/info/getInfoCommentFabulousList/:id' }),
  G(`/api/info/updateFabulousNum/${ids.comment}/m100001/1`, { route: '/api/info/updateFabulousNum/:infoCommentId/:userId/:num' }),
  P('/api/info/insertInfoDocCollect', { infoDocId: ids.doc, userId: 'm100001' }),
  G(`/api/info/removeInfoDocCollect/${ids.doc}/m100001`, { route: '/api/info/removeInfoDocCollect/:infoDocId/:userId', nonEmpty: false }),
  G('/api/xhaccount/follow?accountId=1&userId=m100001'),
  G('/api/xhaccount/follow/yesno?accountId=1&userId=m100001'),
  G('/api/xhaccount/follow/cancel?accountId=1&userId=m100001', { nonEmpty: false }),
  P('/api/xhaccount/contentByPage', { accountId: 1 }, { paged: true }),
  G('/api/xhaccount/findByUserName?userName=changshafc'),
  // knowledge base, Q&A, overseas
  G('/api/baike/categories'),
  P('/api/baike/list', { cityId: 1, category: '买房' }, { paged: true }),
  G(`/api/baike/${ids.baike}`, { route: '/api/baike/:id' }),
  G('/api/baike/glossary?cityId=1'),
  P('/api/wenda/list', { cityId: 1 }, { paged: true }),
  P('/api/wenda/list', { cityId: 1, sort: 'hot', category: '贷款' }, { paged: true }),
  G(`/api/wenda/${ids.wenda}`, { route: '/api/wenda/:id' }),
  G(`/api/wenda/${ids.wenda}/liked?userId=m100001`, { route: '/api/wenda/:id/liked', nonEmpty: false }),
  P('/api/wenda/answer/like', { answerId: 1, userId: 'm100001' }),
  P('/api/wenda/ask', { cityId: 1, userId: 'm100001', title: '梅溪湖的学校怎么样？' }),
  P('/api/wenda/answer', { wendaId: ids.wenda, userId: 'm100001', content: '还不错' }),
  G('/api/overseas/countries'),
  P('/api/overseas/list', { sort: 'priceDesc' }, { paged: true }),
  G(`/api/overseas/${ids.overseas}`, { route: '/api/overseas/:id' }),
  G(`/api/overseas/huxing/${ids.overseas}`, { route: '/api/overseas/huxing/:id' }),
  // files
  G('/health'),
];

const routeOf = (c: Case) => `${c.method} ${(c.route ?? c.url.split('?')[0]).replace(/\/$/, '')}`;

for (const c of CASES) {
  t.test(`${c.method} ${c.url} answers {status: 200, obj}`, async (t) => {
    const res = await app.inject({ method: c.method, url: c.url, payload: c.body as object | undefined });
    t.equal(res.statusCode, 200, res.statusCode === 200 ? 'HTTP 200' : res.body.slice(0, 300));
    t.match(res.headers['content-type'], /application\/json/);
    const body = res.json();
    t.ok(body.status === 200 || (body.status >= 400 && !c.nonEmpty), `status ${body.status}: ${body.message}`);
    t.ok('obj' in body, 'has obj');
    if (c.nonEmpty) {
      t.not(body.obj, null, 'obj is present');
      if (Array.isArray(body.obj)) t.ok(body.obj.length > 0, 'list is not empty');
    }
    if (c.paged) {
      t.match(body.obj, { content: Array, totalElements: Number, totalPages: Number, number: Number, size: Number });
      t.ok(body.obj.content.length <= body.obj.size);
      t.equal(body.obj.totalPages, Math.ceil(body.obj.totalElements / body.obj.size));
    }
  });
}

const BAD: Array<[Method, string, unknown, RegExp]> = [
  ['GET', '/api/house/findById/abc', undefined, /id/],
  ['GET', '/api/house/findById/0', undefined, /id/],
  ['GET', '/api/city/getCityByDomain', undefined, /domain/],
  ['POST', '/api/house/search/findByCondition', {}, /cityId/],
  ['POST', '/api/house/search/findByCondition', { cityId: 1, houseType: 99 }, /houseType/],
  ['POST', '/api/house/search/findByCondition', { cityId: 1, sort: 'random' }, /sort/],
  ['POST', '/api/house/search/findByCondition', { cityId: 1, size: 1000 }, /size/],
  ['POST', '/api/house/search/findByCondition', { cityId: 'x' }, /cityId/],
  ['POST', '/api/house/findListByWap', { cityId: 1, typeCode: 7 }, /typeCode/],
  ['POST', '/api/kanfang/add', { name: '王', phone: '123' }, /phone/],
  ['POST', '/api/jubao/save', { houseId: 1, reason: '乱写' }, /reason/],
  ['POST', '/api/kanfang/cancel', { id: 0, memberId: 'm100001' }, /id/],
  ['POST', '/api/house/collect/removeBatch', { memberId: 'm100001', items: [{ houseId: 1, kind: 'villa' }] }, /kind/],
  ['POST', '/api/house/viewHistory/remove', { memberId: 'm100001', houseId: 1, kind: 'villa' }, /kind/],
  ['POST', '/api/compare/add', { memberId: 'm100001', houseId: 1, kind: 'villa' }, /kind/],
  ['POST', '/api/compare/merge', { memberId: 'm100001', kind: 'xinfang', ids: [1, 2, 3, 4, 5] }, /ids/],
  ['GET', '/api/house/saveHouseViewHistory/1/m100001/wap?kind=villa', undefined, /kind/],
  ['POST', '/api/info/insertInfoComment', { infoDocId: 1, userId: 'u1' }, /content/],
  ['POST', '/api/member/register', { phone: '13900000000', password: 'short', code: '123456' }, /password/],
  ['POST', '/api/microchat/record', { userId: 'a', targetId: 'b', msgType: 'video', content: 'x' }, /msgType/],
  ['GET', '/api/house/collect/add/1/bad%20id', undefined, /memberId/],
  ['GET', '/api/info/updateDocFabulousNum/1/u1/5', undefined, /num/],
  ['POST', '/api/xiaoqu', { cityId: 1, page: -1 }, /page/],
  ['POST', '/api/deal/findByCondition', { cityId: 1, houseType: 13 }, /houseType/],
  ['GET', '/api/house/verify/find?cityId=1', undefined, /code or houseNumber/],
];
for (const [method, url, payload, field] of BAD) {
  t.test(`${method} ${url} with bad input gives 400 naming the field`, async (t) => {
    const res = await app.inject({ method, url, payload: payload as object | undefined });
    t.equal(res.statusCode, 400);
    const body = res.json();
    t.equal(body.status, 400);
    t.match(body.message, field);
  });
}

t.test('POST /api/batch (issue 35): each call answered as if alone, in order; bad batches are 400', async (t) => {
  const calls = [
    { method: 'GET', path: `api/house/search/detail/${ids.listing}` },
    { method: 'POST', path: 'api/house/search/findByCondition', json: { cityId: 1, houseType: 11, size: 2 } },
    { method: 'GET', path: 'api/house/findById/abc' },
    { method: 'GET', path: 'api/no/such/route' },
  ];
  const res = await app.inject({ method: 'POST', url: '/api/batch', payload: { calls } });
  t.equal(res.statusCode, 200);
  const answers = res.json().obj.answers as Array<{ statusCode: number; body: { status: number; obj: unknown; message: string } }>;
  t.equal(answers.length, 4);
  for (const [i, c] of calls.entries()) {
    const alone = await app.inject({ method: c.method as Method, url: `/${c.path}`, payload: c.json });
    t.equal(answers[i].statusCode, alone.statusCode, `${c.path}: the status it has alone`);
    t.same(answers[i].body, alone.json(), `${c.path}: the body it has alone`);
  }
  t.match(answers[2].body.message, /id/, 'a bad call is refused naming its field, the others answered');
  // Streamed (accept: application/x-ndjson): one line per call, each naming its call, the same answers.
  const streamed = await app.inject({ method: 'POST', url: '/api/batch', payload: { calls }, headers: { accept: 'application/x-ndjson' } });
  t.equal(streamed.statusCode, 200);
  t.match(streamed.headers['content-type'], /^application\/x-ndjson/);
  const lines = streamed.body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { i: number; statusCode: number; body: unknown });
  t.same(lines.map((l) => l.i).sort(), [0, 1, 2, 3], 'a line for each call');
  for (const l of lines)
    t.same({ statusCode: l.statusCode, body: l.body }, answers[l.i], `line ${l.i}: the answer it has in the whole batch`);
  for (const [payload, why] of [
    [{ calls: [] }, /calls/],
    [{}, /calls/],
    [{ calls: [{ method: 'DELETE', path: 'api/x' }] }, /method/],
    [{ calls: [{ method: 'POST', path: 'api/batch', json: { calls: [] } }] }, /path/],
    [{ calls: Array.from({ length: 33 }, () => ({ method: 'GET', path: 'api/city/findAll' })) }, /calls/],
  ] as const) {
    const bad = await app.inject({ method: 'POST', url: '/api/batch', payload });
    t.equal(bad.statusCode, 400, JSON.stringify(payload).slice(0, 80));
    t.match(bad.json().message, why);
  }
});

t.test('a body that is not JSON gives 400, not 500', async (t) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/xiaoqu',
    headers: { 'content-type': 'application/json' },
    payload: '{"cityId": 1',
  });
  t.equal(res.statusCode, 400);
  t.equal(res.json().status, 400);
});

t.test('the table above covers every route the backend registers', async (t) => {
  const covered = new Set(CASES.map(routeOf));
  const exempt = new Set([
    'POST /api/batch',
    'GET /img/:kind/:file',
    'GET /files/upload/:name',
    'POST /api/file/uploadImg',
    'POST /api/file/uploadVoice',
  ]);
  const missing = (app.backendRoutes ?? []).map((r) => r.replace(/\/$/, '')).filter((r) => !covered.has(r) && !exempt.has(r));
  t.same(
    missing,
    [],
    'every route has a contract case (uploads and files are tested in writes.test.ts; chat voice clips in test/im/pages.test.ts; the batch route above)',
  );
  t.ok((app.backendRoutes ?? []).length > 150, `${app.backendRoutes?.length} routes`);
});

t.test('generated images: every URL in the data is served, as SVG; unknown ones are 404', async (t) => {
  const urls = new Set<string>();
  const collect = (v: unknown) => {
    if (typeof v === 'string' && v.startsWith('/img/')) urls.add(v);
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  for (const u of [
    `/api/house/search/detail/${ids.listing}`,
    `/api/house/findById/${ids.loupan}`,
    `/api/school/findById/${ids.school}`,
    '/web/banner/getpic/1/index',
  ]) {
    collect((await app.inject(u)).json().obj);
  }
  t.ok(urls.size > 10);
  for (const u of urls) {
    const res = await app.inject(u);
    t.equal(res.statusCode, 200, u);
    t.match(res.headers['content-type'], /image\/svg\+xml/);
    t.ok(existsSync(path.join(PUBLIC, u)), `public${u} exists for the portal`);
  }
  t.equal((await app.inject('/img/house/999.svg')).statusCode, 404);
  t.equal((await app.inject('/img/secret/1.svg')).statusCode, 404);
});
