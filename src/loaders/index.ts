import { SEARCH_QUERY_KEYS } from '../lib/search-groups.ts';
import { KEYWORD_QUERY_KEYS as XINFANG_KEYWORD_KEYS } from '../lib/xinfang-filters.ts';
import { cityMeta } from '../meta/city.ts';
import { homeMeta } from '../meta/home.ts';
import { searchMeta } from '../meta/search.ts';
import { type PageLoader, pageLoader } from '../pipeline/types.ts';
import { ACCOUNT_QUERY_KEYS, loginLoader, registerLoader, resetpasswordLoader } from './account.ts';
import * as agent from './agent.ts';
import { apph5LoaderQueryKeys, apph5Loaders } from './apph5.ts';
import * as baike from './baike.ts';
import * as bangdan from './bangdan.ts';
import { brokerLoaderQueryKeys, brokerLoaders } from './broker.ts';
import { campaignLoaderQueryKeys, campaignLoaders } from './campaign.ts';
import { CITY_QUERY_KEYS, loadCity } from './city.ts';
import { commitmentLoaderQueryKeys, commitmentLoaders } from './commitment.ts';
import { dianpingLoaderQueryKeys, dianpingLoaders } from './dianping.ts';
import * as discover from './discover.ts';
import * as dongtai from './dongtai.ts';
import { downloadappLoader } from './downloadapp.ts';
import { DUIBI_QUERY_KEYS, duibiLoader } from './duibi.ts';
import {
  ershoufangDaikanLoader,
  ershoufangDetailLoader,
  ershoufangDongtaiLoader,
  ershoufangListLoader,
  ershoufangZhouLoader,
  referrerLoader,
} from './ershoufang.ts';
import { FANGJIA_QUERY_KEYS, fangjia } from './fangjia.ts';
import * as gujia from './gujia.ts';
import * as haiwai from './haiwai.ts';
import { loadHome } from './home.ts';
import * as huxing from './huxing.ts';
// Agent chat screens (issue 18)
import * as im from './im.ts';
import { JISUANQI_QUERY_KEYS, jisuanqiLoader } from './jisuanqi.ts';
// In-app pages and single pages (issue 19)
import { kaiyuan } from './kaiyuan.ts';
import { MAP_QUERY_KEYS, map } from './map.ts';
// Video and VR (issue 19)
import { mediaLoaderQueryKeys, mediaLoaders } from './media.ts';
import { jubaoLoader, myShoucangLoader, photoLoader, yuyuekanfangLoader } from './member.ts';
import * as mendian from './mendian.ts';
import * as personal from './personal.ts';
import { schoolLoaderQueryKeys, schoolLoaders } from './school.ts';
import { loadSearch } from './search.ts';
import * as shangpu from './shangpu.ts';
import { singleLoaderQueryKeys, singleLoaders } from './single.ts';
import { sydcLoader } from './sydc.ts';
import * as wenda from './wenda.ts';
import * as xiaoqu from './xiaoqu.ts';
import * as xinfang from './xinfang.ts';
import * as yijianweituo from './yijianweituo.ts';
import * as zhaopu from './zhaopu.ts';
import * as zixun from './zixun.ts';
import { duanzuListLoader, zufangDetailLoader, zufangListLoader, zuyjDetailLoader, zuyjListLoader } from './zufang.ts';

/**
 * The named loaders registry.json may refer to: each pairs a load (src/loaders, gateway data) with its meta (src/meta,
 * the head built from that data).
 */
// biome-ignore lint/suspicious/noExplicitAny: each loader's data type is its own; load and meta agree per entry.
export const loaders: Readonly<Record<string, PageLoader<any>>> = {
  home: pageLoader(loadHome, homeMeta),
  map,
  xinfangList: xinfang.xinfangList,
  xinfangDetail: xinfang.xinfangDetail,
  xinfangBelonger: xinfang.xinfangBelonger,
  xinfangDaikan: xinfang.xinfangDaikan,
  xinfangFindHouse: xinfang.xinfangFindHouse,
  xinfangHangqing: xinfang.xinfangHangqing,
  xinfangClassify: xinfang.xinfangClassify,
  xinfangPjguwen: xinfang.xinfangPjguwen,
  xinfangSalesRanking: xinfang.xinfangSalesRanking,
  xinfangStarAgent: xinfang.xinfangStarAgent,
  // Agent chat screens (issue 18)
  xinfangUnreadlist: im.xinfangUnread,
  imList: im.imList,
  imSession: im.imSession,
  imServeEvaluation: im.serveEvaluation,
  imChatSettings: im.chatSettings,
  imNewChat: im.newChat,
  xinfangVideo: xinfang.xinfangVideo,
  xinfangVr: xinfang.xinfangVr,
  xinfangWendalist: xinfang.xinfangWendalist,
  xinfangTabPages: xinfang.xinfangTabPages,
  baikeList: baike.baikeList,
  baikeDetail: baike.baikeDetail,
  zidian: baike.zidian,
  wendaList: wenda.wendaList,
  wendaDetail: wenda.wendaDetail,
  wendaHuida: wenda.wendaHuida,
  wendaTiwen: wenda.wendaTiwen,
  huxingList: huxing.huxingList,
  huxingDetail: huxing.huxingDetail,
  huxingMagnify: huxing.huxingMagnify,
  dongtaiFeed: dongtai.dongtaiFeed,
  dongtaiDetail: dongtai.dongtaiDetail,
  ershoufangList: ershoufangListLoader,
  ershoufangDetail: ershoufangDetailLoader,
  ershoufangDaikan: ershoufangDaikanLoader,
  ershoufangDongtai: ershoufangDongtaiLoader,
  ershoufangZhou: ershoufangZhouLoader,
  referrer: referrerLoader,
  zufangList: zufangListLoader,
  duanzuList: duanzuListLoader,
  zufangDetail: zufangDetailLoader,
  zuyjDetail: zuyjDetailLoader,
  zuyjList: zuyjListLoader,
  // Commercial: shops and offices, 找铺, 商业地产 (issue 5 point 4)
  shangpucsList: shangpu.shangpucsListLoader,
  shangpuczList: shangpu.shangpuczListLoader,
  xieziloucsList: shangpu.xieziloucsListLoader,
  xiezilouczList: shangpu.xiezilouczListLoader,
  zhaopuList: shangpu.zhaopuListLoader,
  shangpucsDetail: shangpu.shangpucsDetailLoader,
  shangpuczDetail: shangpu.shangpuczDetailLoader,
  xieziloucsDetail: shangpu.xieziloucsDetailLoader,
  xiezilouczDetail: shangpu.xiezilouczDetailLoader,
  zhaopucsDetail: shangpu.zhaopucsDetailLoader,
  zhaopuczDetail: shangpu.zhaopuczDetailLoader,
  zhaopuSearch: zhaopu.zhaopuSearchLoader,
  zhaopuSearchList: zhaopu.zhaopuSearchListLoader,
  sydc: sydcLoader,
  myshoucang: myShoucangLoader,
  yuyuekanfang: yuyuekanfangLoader,
  jubao: jubaoLoader,
  photo: photoLoader,
  downloadapp: downloadappLoader,
  haiwaiHome: haiwai.haiwaiHomeLoader,
  haiwaiList: haiwai.haiwaiListLoader,
  haiwaiDetail: haiwai.haiwaiDetailLoader,
  haiwaiHuxing: haiwai.haiwaiHuxingLoader,
  // Schools (issue 14 part B)
  ...schoolLoaders,
  // Agents (issue 17 part C)
  ...brokerLoaders,
  // Video and VR (issue 19)
  ...mediaLoaders,
  ...commitmentLoaders,
  // Campaigns (issue 19)
  ...campaignLoaders,
  ...dianpingLoaders,
  // In-app pages and single pages (issue 19)
  ...apph5Loaders,
  ...singleLoaders,
  // Communities (issue 14 part A)
  xiaoquList: xiaoqu.xiaoquList,
  mendianList: mendian.mendianList,
  mendianDetail: mendian.mendianDetail,
  mendianFangyuan: mendian.mendianFangyuan,
  mendianXiaoqu: mendian.mendianXiaoqu,
  mendianDongtai: mendian.mendianDongtai,
  mendianLicense: mendian.mendianLicense,
  mendianSearch: mendian.mendianSearch,
  xiaoquDetail: xiaoqu.xiaoquDetail,
  xiaoquInformation: xiaoqu.xiaoquInformation,
  xiaoquHuxing: xiaoqu.xiaoquHuxing,
  // Price trends (issue 16 part A)
  fangjia,
  // Rankings, topics and discovery (issue 15 part C)
  bangdan: bangdan.bangdan,
  bangdanSqbd: bangdan.bangdanSqbd,
  rankingList: bangdan.rankingList,
  indextype: bangdan.indextype,
  indextypeIndex: bangdan.indextypeIndex,
  topicList: discover.topicList,
  topicDetail: discover.topicDetail,
  faxian: discover.faxian,
  composite: discover.composite,
  login: loginLoader,
  register: registerLoader,
  resetpassword: resetpasswordLoader,
  // chat (issue 18): the agent inbox
  agentLogin: agent.agentLogin,
  agentInbox: agent.agentInbox,
  // The personal centre and the member forms (issue 13)
  personalCenter: personal.personalCenter,
  personalEdit: personal.personalEdit,
  personalNickname: personal.personalNickname,
  personalText: personal.personalText,
  gujiajilu: personal.gujiajilu,
  viewHistory: personal.viewHistory,
  xiaoxi: personal.xiaoxi,
  coupon: personal.coupon,
  jubaoRecord: personal.jubaoRecord,
  report: personal.report,
  yonghufankui: personal.yonghufankui,
  shengxinzhaofang: personal.shengxinzhaofang,
  // Site-wide search and the city picker (issue 14)
  search: pageLoader(loadSearch, searchMeta),
  city: pageLoader(loadCity, cityMeta),
  // Articles: news, buying guides, comments, source accounts (issue 15)
  zixunList: zixun.zixunList,
  zixunDetail: zixun.zixunDetail,
  zixunComments: zixun.zixunComments,
  zixunAccount: zixun.zixunAccount,
  // Free valuation (issue 16 part B)
  gujiaForm: gujia.gujiaForm,
  gjinfo: gujia.gjinfo,
  gjabout: gujia.gjabout,
  // Licences and data sources (issue 34)
  kaiyuan,
  // Mortgage calculator (issue 16 part C)
  jisuanqi: jisuanqiLoader,
  // Comparing homes (issue 37 part 4)
  duibi: duibiLoader,
  // The entrustment flow (issue 17)
  entrustStart: yijianweituo.entrustStart,
  entrustSearch: yijianweituo.entrustSearch,
  entrustStep: yijianweituo.entrustStep,
  entrustList: yijianweituo.entrustList,
  entrustOne: yijianweituo.entrustOne,
};

const ID_AD = ['id', 'ad'];

/**
 * The query keys each loader reads (issue 11 point 4). A page-cached page is handed only the keys its middleware,
 * validator and loader declare (and its registry `query`), so other keys can neither change it nor split its cache
 * entry. A loader that starts reading a key declares it here.
 */
export const loaderQueryKeys: Readonly<Record<string, readonly string[]>> = {
  // chat (issue 18): the agent inbox's sign-in refusal
  agentLogin: ['error', 'account'],
  // the message centre (issue 37)
  xiaoxi: ['page', 'notice', 'error'],
  fangjia: FANGJIA_QUERY_KEYS,
  xinfangList: XINFANG_KEYWORD_KEYS,
  xinfangDetail: ['id', 'houseId', 'belongerId'],
  xinfangBelonger: ['id', 'houseId'],
  xinfangDaikan: ['id'],
  xinfangPjguwen: ['id', 'belongerId', 'houseId'],
  xinfangSalesRanking: ['page'],
  xinfangStarAgent: ['page'],
  xinfangVideo: ['id'],
  xinfangVr: ['id'],
  xinfangWendalist: ['id', 'houseId'],
  huxingList: ['houseId', 'lpId'],
  huxingDetail: ['id'],
  huxingMagnify: ['id', 'huxingId'],
  dongtaiFeed: ['id', 'houseId', 'page'],
  dongtaiDetail: ['id', 'DTid', 'houseId'],
  zixunList: ['page'],
  zixunDetail: ['id'],
  zixunComments: ['id', 'sort', 'page'],
  zixunAccount: ['page'],
  ershoufangDetail: ID_AD,
  ershoufangDaikan: ['id'],
  ershoufangDongtai: ['id'],
  ershoufangZhou: ['id'],
  referrer: ['houseType', 'hsmid', 'id'],
  zufangDetail: ID_AD,
  zuyjDetail: ID_AD,
  zuyjList: ['page'],
  shangpucsDetail: ID_AD,
  shangpuczDetail: ID_AD,
  xieziloucsDetail: ID_AD,
  xiezilouczDetail: ID_AD,
  zhaopucsDetail: ID_AD,
  zhaopuczDetail: ID_AD,
  zhaopuSearchList: ['keyword', 'kw', 'page'],
  myshoucang: ['kind', 'sort'],
  yuyuekanfang: ['houseId', 'id', 'ok', 'back'],
  jubao: ['houseId', 'id', 'ok', 'back'],
  photo: ['id', 'houseId', 'active', 'type'],
  haiwaiDetail: ['id'],
  haiwaiHuxing: ['id'],
  ...schoolLoaderQueryKeys,
  ...brokerLoaderQueryKeys,
  // Video and VR (issue 19)
  ...mediaLoaderQueryKeys,
  ...commitmentLoaderQueryKeys,
  // Campaigns (issue 19)
  ...campaignLoaderQueryKeys,
  ...dianpingLoaderQueryKeys,
  // In-app pages and single pages (issue 19)
  ...apph5LoaderQueryKeys,
  ...singleLoaderQueryKeys,
  xiaoquDetail: ['id'],
  map: MAP_QUERY_KEYS,
  xiaoquInformation: ['id'],
  xiaoquHuxing: ['id'],
  topicDetail: ['id'],
  composite: ['regionId'],
  login: ACCOUNT_QUERY_KEYS,
  register: ACCOUNT_QUERY_KEYS,
  resetpassword: ACCOUNT_QUERY_KEYS,
  ...personal.personalQueryKeys,
  ...gujia.gujiaQueryKeys,
  ...yijianweituo.entrustQueryKeys,
  search: SEARCH_QUERY_KEYS,
  city: CITY_QUERY_KEYS,
  baikeList: ['page'],
  baikeDetail: ['id'],
  wendaDetail: ['id'],
  wendaHuida: ['id', 'ok'],
  wendaTiwen: ['houseId', 'ok'],
  jisuanqi: JISUANQI_QUERY_KEYS,
  duibi: DUIBI_QUERY_KEYS,
  mendianList: ['lat', 'lng'],
  mendianDetail: ['id'],
  mendianFangyuan: ['id', 'page', 'kind'],
  mendianXiaoqu: ['id', 'page'],
  mendianDongtai: ['id', 'page'],
  mendianLicense: ['id'],
  mendianSearch: ['keyword', 'kw'],
};
