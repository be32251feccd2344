/**
 * The catalogue in registry.json: it validates, it declares every screen of SPEC 2.1–2.4 and the redirects of
 * SPEC 2.5, and each route of the spec resolves, through the shared matcher, to the page meant for it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import t from 'tap';
import { createMatcher } from '../../src/registry/match.ts';
import type { PageEntry, RegistryFile } from '../../src/registry/types.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const registry: RegistryFile = JSON.parse(readFileSync(`${root}registry.json`, 'utf8'));
const schema = JSON.parse(readFileSync(`${root}src/registry/registry.schema.json`, 'utf8'));
const matcher = createMatcher<PageEntry>(registry.pages.map((page) => ({ patterns: page.paths, target: page })));
const resolve = (path: string) => matcher.match(path)?.target.name ?? null;

/** SPEC 2.1, verbatim. */
const FLAT_ROUTES = `
  / /404 /aboutUs /adver /appH5 /baike /bangdan /city /commitment /composite /coupon /daili /daogou /ditu
  /downloadapp /dpDetail /ershoufang /fangjia /faxian /gjabout /grouproom /gujiajilu /haiwaihome /house /huxing
  /huxingdetail /indextype /jisuanqi /jubao /jubaoRecord /login /map /mendian /myshoucang /newActivity /newChat
  /newChat1 /personalcenter /photo /rankingList /register /report /resetpassword /school /search /seoCsLpMap
  /shangpucs /shangpucz /shengxinzhaofang /sxzf /sydc /test /topic /videoPage /vr /wenda /xhjmap /xiaoqu
  /xieziloucs /xieziloucz /xinfang /xinfangTabPages /yonghufankui /yuyuekanfang /zhaopu /zidian /zixun /zufang
`
  .trim()
  .split(/\s+/);

/** SPEC 2.2 (nested), 2.3 (parameterised) and 2.4 (aliases), each with the page it must reach. */
const ROUTES: Record<string, string> = {
  // 2.1 flat routes that are not a page of their own name
  '/': 'home',
  '/404': 'notFound',
  '/ershoufang': 'ershoufang.list',
  '/baike': 'baike',
  '/sxzf': 'sxzf',
  '/city/': 'city',
  '/indextype': 'indextype', // issue 34: an index page of its own
  // 2.2
  '/appH5/knockdown': 'appH5.knockdown',
  // issue 34: bare /appH5/share is an index page of its own
  '/appH5/share': 'appH5.shareIndex',
  '/appH5/zufang': 'appH5.zufang',
  '/appH5/polte/allInfo': 'appH5.polte.allInfo',
  '/appH5/polte/huxing': 'appH5.polte.huxing',
  '/baike/details': 'baike.detail',
  '/broker/details': 'broker.details',
  '/city/ChatSettings': 'city.chatSettings',
  '/daogou/details': 'daogou.detail',
  '/dongtai/details': 'dongtai.detail',
  '/dongtai/id': 'dongtai.project',
  '/dongtaiDetail/details': 'dongtaiDetail',
  '/ershoufang/daikan': 'ershoufang.daikan',
  '/ershoufang/details': 'ershoufang.detail',
  '/ershoufang/dongtai': 'ershoufang.dongtai',
  '/ershoufang/referrer': 'ershoufang.referrer',
  '/ershoufang/zhou': 'ershoufang.zhou',
  '/fangjia/ditiefangjia': 'fangjia.ditie',
  '/fangjia/gjinfo': 'fangjia.gjinfo',
  '/fangjia/gujia': 'fangjia.gujia',
  '/fangjia/search': 'fangjia.search',
  '/fangjia/xiaoqufangjia': 'fangjia.xiaoqu',
  '/fhlmxf/details': 'fhlmxf.detail',
  '/huxing/detail': 'huxing.detail',
  '/huxing/magnifyImg': 'huxing.magnifyImg',
  '/im/list': 'im.list',
  '/im/session': 'im.session',
  '/im/session/serveEvaluation': 'im.session.serveEvaluation',
  '/Index/yijianweituo': 'yijianweituo',
  '/Index/yijianweituo/address': 'yijianweituo.address',
  '/Index/yijianweituo/details': 'yijianweituo.details',
  '/Index/yijianweituo/form': 'yijianweituo.form',
  '/Index/yijianweituo/list': 'yijianweituo.list',
  '/Index/yijianweituo/log': 'yijianweituo.log',
  '/Index/yijianweituo/modifyprice': 'yijianweituo.modifyprice',
  '/Index/yijianweituo/removeshelf': 'yijianweituo.removeshelf',
  '/Index/yijianweituo/search': 'yijianweituo.search',
  '/mendian/detail': 'mendian.detail',
  '/mendian/dongtai': 'mendian.dongtai',
  '/mendian/fangyuan': 'mendian.fangyuan',
  '/mendian/license': 'mendian.license',
  '/mendian/search': 'mendian.search',
  '/mendian/xiaoqu': 'mendian.xiaoqu',
  '/personalcenter/agreement': 'personalcenter.agreement',
  '/personalcenter/disanfang': 'personalcenter.disanfang',
  '/personalcenter/edituserinfo': 'personalcenter.edituserinfo',
  '/personalcenter/setnickname': 'personalcenter.setnickname',
  '/personalcenter/yinsi': 'personalcenter.yinsi',
  '/school/aroundLouPan': 'school.aroundLouPan',
  '/school/aroundRent': 'school.aroundRent',
  '/school/aroundSchool': 'school.aroundSchool',
  '/school/aroundSecHand': 'school.aroundSecHand',
  '/school/detail': 'school.detail',
  '/school/header': 'school.header',
  '/school/periphery': 'school.periphery',
  '/school/schoolInfor': 'school.schoolInfor',
  '/school/schoolTop': 'school.schoolTop',
  '/shangpucs/details': 'shangpucs.detail',
  '/shangpucz/details': 'shangpucz.detail',
  '/videoPage/videopush': 'videoPage.videopush',
  '/wenda/details': 'wenda.detail',
  '/wenda/huida': 'wenda.huida',
  '/wenda/tiwen': 'wenda.tiwen',
  '/xiaoqu/details': 'xiaoqu.detail',
  '/xiaoqu/huxing': 'xiaoqu.huxing',
  '/xiaoqu/information': 'xiaoqu.information',
  '/xieyi/xhyhfwxy': 'xieyi.xhyhfwxy',
  '/xieyi/xhyszc': 'xieyi.xhyszc',
  '/xieyi/zgltrzfwxy': 'xieyi.zgltrzfwxy',
  '/xieyi/zyfxts': 'xieyi.zyfxts',
  '/xieziloucs/details': 'xieziloucs.detail',
  '/xieziloucz/details': 'xieziloucz.detail',
  '/xinfang/belonger': 'xinfang.belonger',
  '/xinfang/daikanrengou': 'xinfang.daikanrengou',
  '/xinfang/details': 'xinfang.detail',
  '/xinfang/details-old': 'xinfang.detailsOld',
  '/xinfang/findHouse': 'xinfang.findHouse',
  '/xinfang/hangqing': 'xinfang.hangqing',
  '/xinfang/houseClassifyData': 'xinfang.houseClassifyData',
  '/xinfang/pjguwen': 'xinfang.pjguwen',
  '/xinfang/salesRanking': 'xinfang.salesRanking',
  '/xinfang/starAgent': 'xinfang.starAgent',
  '/xinfang/unreadlist': 'xinfang.unreadlist',
  '/xinfang/video': 'xinfang.video',
  '/xinfang/vr': 'xinfang.vr',
  '/xinfang/wendalist': 'xinfang.wendalist',
  '/zhaopu/detailscs': 'zhaopu.detailscs',
  '/zhaopu/detailscz': 'zhaopu.detailscz',
  '/zhaopu/search': 'zhaopu.search',
  '/zhaopu/searchList': 'zhaopu.searchList',
  '/zixun/details': 'zixun.detail',
  '/zufang/details': 'zufang.detail',
  '/zufang/duanzu': 'zufang.duanzu',
  '/zufang/zuyj': 'zufang.zuyj',
  '/zufang/zuyj/details': 'zufang.zuyj.detail',
  // 2.3
  '/huodong/ershoufang': 'huodong',
  '/huodong/muban1/12': 'huodong',
  '/huodong/muban2': 'huodong',
  '/huodong/muban3/3': 'huodong',
  '/huodong/muban4': 'huodong',
  '/huodong/tejiafang/7': 'huodong',
  '/huodong/xinfang/8': 'huodong',
  '/huodong/yellow': 'huodong',
  '/huodong/youhuihuodong/9': 'huodong',
  '/huodong/zufang': 'huodong',
  '/Index/yijianweituo/42': 'yijianweituo.id',
  '/haiwaihome/list': 'haiwaihome.list',
  '/haiwaihome/list/us/p2': 'haiwaihome.list',
  '/broker': 'broker',
  '/broker/88': 'broker',
  '/commitment/5': 'commitment.detail',
  '/dianping': 'dianping',
  '/dianping/31': 'dianping',
  '/fangyuanheyan': 'fangyuanheyan',
  '/fangyuanheyan/2024001': 'fangyuanheyan',
  '/haiwaidetails': 'haiwaidetails',
  '/haiwaidetails/77': 'haiwaidetails',
  '/house/100': 'house.detail',
  '/jiameng': 'jiameng',
  '/jiameng/3': 'jiameng',
  '/xiangqing': 'xiangqing',
  '/xiangqing/9': 'xiangqing',
  '/zixunpinglun': 'zixunpinglun',
  '/zixunpinglun/15': 'zixunpinglun',
  '/haiwaihuxing': 'haiwaihuxing',
  '/haiwaihuxing/12/3': 'haiwaihuxing',
  // 2.4
  '/dpDetail/12': 'dpDetail',
  '/rankingList/hot': 'rankingList',
  '/indextype/villa/p2': 'indextype.type',
  '/xiaoqu/huxing/3/1200/': 'xiaoqu.huxing',
  '/bangdan/6/sqbd': 'bangdan.sqbd',
  '/duanzu': 'zufang.duanzu',
  '/duanzu/a1/p2': 'zufang.duanzu',
  '/zufang/100001.html': 'zufang.detail',
  '/ershoufang/100001.html': 'ershoufang.detail',
  '/shangpucs/1.html': 'shangpucs.detail',
  '/shangpucz/1.html': 'shangpucz.detail',
  '/xieziloucz/1.html': 'xieziloucz.detail',
  '/xieziloucs/1.html': 'xieziloucs.detail',
  '/xiaoqu/1200.html': 'xiaoqu.detail',
  '/zixun/1.html': 'zixun.detail',
  '/daogou/1.html': 'daogou.detail',
  '/baike/1.html': 'baike.detail',
  '/xinfang/1.html': 'xinfang.detail',
  '/school/1.html': 'school.detail',
  '/huxing/1.html': 'huxing.detail',
  '/wenda/1.html': 'wenda.detail',
  '/mendian/1.html': 'mendian.detail',
  '/fhlmxf/1.html': 'fhlmxf.detail',
  '/video/1.html': 'video.detail',
  '/zufang/zuyj/1.html': 'zufang.zuyj.detail',
  '/dongtai/1.html': 'dongtai.detail',
  '/dongtai/1': 'dongtai.project',
  '/referrer/2/abc123': 'ershoufang.referrer',
  '/ershoufang/dy/1.html': 'ershoufang.dy',
  '/xinfang/dy/1.html': 'xinfang.dy',
  '/xinfang/findByJingJiRenDaoGuo/1/b-77': 'xinfang.findByJingJiRenDaoGuo',
  '/xinfang/daikanrengou/1': 'xinfang.daikanrengou',
  '/xinfang/pjguwen/1': 'xinfang.pjguwen',
  '/xinfang/vr/1.html': 'xinfang.vr',
  '/xinfang/video/1.html': 'xinfang.video',
  '/wenda/huida/1.html': 'wenda.huida',
  '/zhaopucs/1.html': 'zhaopu.detailscs',
  '/zhaopucz/1.html': 'zhaopu.detailscz',
  '/app/': 'downloadapp',
  '/fangjia/ditie/': 'fangjia.ditie',
  '/fangjia/ditie3/': 'fangjia.ditie',
  '/fangjia/quyu/': 'fangjia.quyu',
  '/fangjia/quyu12/': 'fangjia.quyu',
  '/fangjia/shangquan/': 'fangjia.shangquan',
  '/fangjia/shangquan5/': 'fangjia.shangquan',
  '/fangjia/xiaoqu/': 'fangjia.xiaoqu',
  '/fangjia/xiaoqu1200/': 'fangjia.xiaoqu',
  '/appH5/polte/allInfo/1.html': 'appH5.polte.allInfo',
  '/appH5/polte/huxing/1.html': 'appH5.polte.huxing',
  '/sxzf.html': 'sxzf',
  // list routes with a wildcard tail
  '/zufang/a1p2': 'zufang.list',
  '/xiaoqu/yuelu/': 'xiaoqu.list',
  '/ershoufang/yuelu/a2/': 'ershoufang.list',
  '/shangpucs/p2': 'shangpucs.list',
  '/shangpucz/p2': 'shangpucz.list',
  '/xieziloucz/p2': 'xieziloucz.list',
  '/xieziloucs/p2': 'xieziloucs.list',
  '/xinfang/': 'xinfang.list',
  '/xinfang/kaifu/p3': 'xinfang.list',
  '/xinfangTabPages/hot': 'xinfangTabPages',
  '/school/xiaoxue': 'school.list',
  '/newActivity/2': 'newActivity',
  '/huxing/3shi': 'huxing.list',
  '/wenda/maifang': 'wenda.list',
  '/mendian/yuelu': 'mendian.list',
  '/zhaopu/canyin': 'zhaopu.list',
  '/appH5/knockdown/12': 'appH5.knockdown',
  '/appH5/share/ershoufang/9': 'appH5.share',
  // list routes with an optional id tail
  '/daogou/': 'daogou',
  '/daogou/t3': 'daogou',
  '/baike/maifang': 'baike',
  '/zixun/': 'zixun',
  '/zixun/loushi': 'zixun',
  // ad variants
  '/ad/ershoufang/1.html': 'ershoufang.detail.ad',
  '/ad/zufang/1.html': 'zufang.detail.ad',
  '/ad/xinfang/1.html': 'xinfang.detail.ad',
  // case and %-encoded Chinese
  '/index/YIJIANWEITUO/form': 'yijianweituo.form',
  '/ershoufang/%E5%B2%B3%E9%BA%93%E5%8C%BA/': 'ershoufang.list',
};

t.test('registry.json validates against registry.schema.json', async (t) => {
  const validate = new Ajv({ allErrors: true }).compile(schema);
  t.ok(validate(registry), JSON.stringify(validate.errors, null, 2));
});

t.test('every flat route of SPEC 2.1 is covered by some path', async (t) => {
  t.equal(FLAT_ROUTES.length, 68);
  for (const route of FLAT_ROUTES) t.ok(resolve(route), `${route} matches a page`);
});

t.test('every route of SPEC 2.1 to 2.4 reaches the page meant for it', async (t) => {
  for (const [route, name] of Object.entries(ROUTES)) t.equal(resolve(route), name, route);
});

t.test('a flat route with a page of its own name reaches that page', async (t) => {
  const names = new Set(registry.pages.map((p) => p.name));
  for (const route of FLAT_ROUTES) {
    const own = route.slice(1);
    if (names.has(own)) t.equal(resolve(route), own, route);
  }
});

t.test('page names are unique and no path is declared twice', async (t) => {
  const names = registry.pages.map((p) => p.name);
  t.same(
    names.filter((n, i) => names.indexOf(n) !== i),
    [],
  );
  const paths = registry.pages.flatMap((p) => p.paths.map((path) => path.toLowerCase().replace(/(.)\/$/, '$1')));
  t.same(
    paths.filter((p, i) => paths.indexOf(p) !== i),
    [],
  );
});

t.test('every path is reachable: no pattern is wholly shadowed by an earlier one', async (t) => {
  // A path that is its own literal must resolve to the page that declares it.
  for (const page of registry.pages) {
    for (const path of page.paths) {
      if (/[:*]/.test(path)) continue;
      t.equal(resolve(path), page.name, path);
    }
  }
});

t.test('ad variants carry ad=true; agreement pages use the agreement layout', async (t) => {
  const ads = registry.pages.filter((p) => p.paths.some((path) => path.startsWith('/ad/')));
  t.equal(ads.length, 3);
  for (const p of ads) t.match(p.params, { ad: 'true' }, p.name);
  const xieyi = registry.pages.filter((p) => p.paths.some((path) => path.startsWith('/xieyi/')));
  t.equal(xieyi.length, 4);
  for (const p of xieyi) t.equal(p.layout, 'agreement', p.name);
});

t.test('member pages are member-only and never cached; no page names an unknown layout', async (t) => {
  for (const route of [
    '/personalcenter',
    '/myshoucang',
    '/im/list',
    '/im/session',
    '/newChat',
    '/newChat1',
    '/jubaoRecord',
    '/gujiajilu',
    '/coupon',
  ]) {
    const page = matcher.match(route)!.target;
    t.ok(page.middleware?.includes('member-only'), `${route} is member-only`);
    t.equal(page.cache, 'no-cache', `${route} is no-cache`);
  }
  for (const p of registry.pages) {
    t.ok(registry.layouts[p.layout], `${p.name} layout ${p.layout}`);
    if (p.cache === 'no-cache') t.notOk(p.middleware?.includes('page-cache'), `${p.name}: no-cache page without page-cache`);
  }
});

t.test('titles leave out the city and the brand, which the server adds', async (t) => {
  for (const p of registry.pages) {
    t.notMatch(p.meta.title, registry.site.defaultCityName, p.name);
    t.notMatch(p.meta.title, registry.site.brand, p.name);
    t.ok(p.meta.description, `${p.name} has a description`);
  }
});

t.test('redirects of SPEC 2.5 are all 301', async (t) => {
  t.same(
    registry.redirects.map((r) => [r.from, r.to, r.status]),
    [
      ['/city/:id(\\d+)', '/', 301],
      // Issue 34: SPEC 2.1 lists /rankingList as a route; bare, it is the index of every ranking.
      ['/rankingList', '/bangdan', 301],
      ['/xinfanghome', '/xinfang/', 301],
      ['/xiaoqu/52775.html', '/ershoufang/1.html', 301],
    ],
  );
  // The redirect target is a second-hand detail page.
  t.equal(resolve('/ershoufang/1.html'), 'ershoufang.detail');
});

t.test('an unknown route matches nothing', async (t) => {
  t.equal(resolve('/no-such-page'), null);
  t.equal(resolve('/huodong/unknown/1'), null, 'huodong templates are a closed list');
  t.equal(resolve('/fangjia/ditiexyz/'), null, 'fangjia ids are digits');
});
