import type { ComponentType } from 'react';
import type { PageProps } from '../src/render/page-props.ts';

// biome-ignore lint/suspicious/noExplicitAny: each page narrows its own data type; the map holds them all
export type PageModule = { default: ComponentType<PageProps<any>> };

/**
 * The single map from registry module keys (registry.json `module`) to page modules. Lazy: the browser bundle gets
 * one chunk per screen; the server awaits the import before rendering.
 */
export const pageModules: Record<string, () => Promise<PageModule>> = {
  home: () => import('./home.tsx'),
  'not-found': () => import('./not-found.tsx'),
  error: () => import('./error.tsx'),
  xieyi: () => import('./xieyi.tsx'),
  // In-app pages and single pages (issue 19)
  'apph5/home': () => import('./apph5/home.tsx'),
  'apph5/knockdown': () => import('./apph5/knockdown.tsx'),
  'apph5/share': () => import('./apph5/share.tsx'),
  'apph5/zufang': () => import('./apph5/zufang.tsx'),
  'apph5/all-info': () => import('./apph5/all-info.tsx'),
  'apph5/huxing': () => import('./apph5/huxing.tsx'),
  'single/about-us': () => import('./single/about-us.tsx'),
  'single/moved': () => import('./single/moved.tsx'),
  'single/fangyuanheyan': () => import('./single/fangyuanheyan.tsx'),
  'single/test': () => import('./single/test.tsx'),
  // Agents, ratings, agency, commitments, franchise (issue 17 part C)
  'broker/index': () => import('./broker/index.tsx'),
  'commitment/index': () => import('./commitment/index.tsx'),
  'dianping/index': () => import('./dianping/index.tsx'),
  'jiameng/index': () => import('./jiameng/index.tsx'),
  daili: () => import('./daili.tsx'),
  // Campaigns: activity templates, activity list, group viewings, promotions (issue 19)
  'campaign/huodong': () => import('./campaign/huodong.tsx'),
  'campaign/list': () => import('./campaign/list.tsx'),
  'campaign/grouproom': () => import('./campaign/grouproom.tsx'),
  'campaign/adver': () => import('./campaign/adver.tsx'),
  // New homes, floor plans, estate news (issue 5 point 3)
  'xinfang/list': () => import('./xinfang/list.tsx'),
  'xinfang/detail': () => import('./xinfang/detail.tsx'),
  'xinfang/belonger': () => import('./xinfang/belonger.tsx'),
  'xinfang/daikan': () => import('./xinfang/daikan.tsx'),
  'xinfang/find-house': () => import('./xinfang/find-house.tsx'),
  'xinfang/hangqing': () => import('./xinfang/hangqing.tsx'),
  'xinfang/classify': () => import('./xinfang/classify.tsx'),
  'xinfang/pjguwen': () => import('./xinfang/pjguwen.tsx'),
  'xinfang/ranking': () => import('./xinfang/ranking.tsx'),
  'xinfang/star-agent': () => import('./xinfang/star-agent.tsx'),
  'xinfang/unread': () => import('./xinfang/unread.tsx'),
  // Agent chat (issue 18)
  'im/list': () => import('./im/list.tsx'),
  'im/session': () => import('./im/session.tsx'),
  'im/evaluation': () => import('./im/evaluation.tsx'),
  'im/settings': () => import('./im/settings.tsx'),
  'xinfang/media': () => import('./xinfang/media.tsx'),
  'xinfang/wendalist': () => import('./xinfang/wendalist.tsx'),
  // Video and VR (issue 19)
  'video/detail': () => import('./video/detail.tsx'),
  'video/feed': () => import('./video/feed.tsx'),
  'vr/index': () => import('./vr/index.tsx'),
  // Knowledge base, glossary, Q&A (issue 15 part B)
  'baike/list': () => import('./baike/list.tsx'),
  'baike/detail': () => import('./baike/detail.tsx'),
  zidian: () => import('./zidian.tsx'),
  'wenda/list': () => import('./wenda/list.tsx'),
  'wenda/detail': () => import('./wenda/detail.tsx'),
  'wenda/huida': () => import('./wenda/huida.tsx'),
  'wenda/tiwen': () => import('./wenda/tiwen.tsx'),
  'xinfang/tabs': () => import('./xinfang/tabs.tsx'),
  'huxing/list': () => import('./huxing/list.tsx'),
  'huxing/detail': () => import('./huxing/detail.tsx'),
  'huxing/magnify': () => import('./huxing/magnify.tsx'),
  'dongtai/feed': () => import('./dongtai/feed.tsx'),
  'dongtai/detail': () => import('./dongtai/detail.tsx'),
  'ershoufang/list': () => import('./ershoufang/list.tsx'),
  'ershoufang/detail': () => import('./ershoufang/detail.tsx'),
  'ershoufang/daikan': () => import('./ershoufang/daikan.tsx'),
  'ershoufang/dongtai': () => import('./ershoufang/dongtai.tsx'),
  'ershoufang/referrer': () => import('./ershoufang/referrer.tsx'),
  'ershoufang/zhou': () => import('./ershoufang/zhou.tsx'),
  'zufang/list': () => import('./zufang/list.tsx'),
  'zufang/detail': () => import('./zufang/detail.tsx'),
  'zufang/zuyj': () => import('./zufang/zuyj.tsx'),
  // Commercial: shops and offices, 找铺, 商业地产 (issue 5 point 4)
  'shangpu/list': () => import('./shangpu/list.tsx'),
  'shangpu/detail': () => import('./shangpu/detail.tsx'),
  'shangpu/search': () => import('./shangpu/search.tsx'),
  'shangpu/search-list': () => import('./shangpu/search-list.tsx'),
  'shangpu/sydc': () => import('./shangpu/sydc.tsx'),
  photo: () => import('./photo.tsx'),
  yuyuekanfang: () => import('./yuyuekanfang.tsx'),
  jubao: () => import('./jubao.tsx'),
  myshoucang: () => import('./myshoucang.tsx'),
  downloadapp: () => import('./downloadapp.tsx'),
  jisuanqi: () => import('./jisuanqi.tsx'),
  // Overseas property (issue 5 point 5)
  'haiwai/home': () => import('./haiwai/home.tsx'),
  // Map search (issue 14 part D)
  'map/index': () => import('./map/index.tsx'),
  'haiwai/list': () => import('./haiwai/list.tsx'),
  'haiwai/detail': () => import('./haiwai/detail.tsx'),
  'haiwai/huxing': () => import('./haiwai/huxing.tsx'),
  // Schools (issue 14 part B)
  'school/list': () => import('./school/list.tsx'),
  'school/detail': () => import('./school/detail.tsx'),
  'school/part': () => import('./school/part.tsx'),
  // Communities (issue 14 part A)
  'xiaoqu/list': () => import('./xiaoqu/list.tsx'),
  'xiaoqu/detail': () => import('./xiaoqu/detail.tsx'),
  'xiaoqu/information': () => import('./xiaoqu/information.tsx'),
  'xiaoqu/huxing': () => import('./xiaoqu/huxing.tsx'),
  'fangjia/level': () => import('./fangjia/level.tsx'),
  // Rankings, topics and discovery (issue 15 part C)
  'bangdan/index': () => import('./bangdan/index.tsx'),
  'bangdan/district': () => import('./bangdan/district.tsx'),
  'bangdan/ranking': () => import('./bangdan/ranking.tsx'),
  'bangdan/indextype': () => import('./bangdan/indextype.tsx'),
  'discover/topics': () => import('./discover/topics.tsx'),
  'discover/topic': () => import('./discover/topic.tsx'),
  'discover/faxian': () => import('./discover/faxian.tsx'),
  'discover/composite': () => import('./discover/composite.tsx'),
  // Accounts (issue 13 part A)
  login: () => import('./login.tsx'),
  register: () => import('./register.tsx'),
  resetpassword: () => import('./resetpassword.tsx'),
  // The personal centre and the member forms (issue 13)
  'personalcenter/index': () => import('./personalcenter/index.tsx'),
  'yijianweituo/index': () => import('./yijianweituo/index.tsx'),
  'yijianweituo/search': () => import('./yijianweituo/search.tsx'),
  'yijianweituo/step': () => import('./yijianweituo/step.tsx'),
  'yijianweituo/list': () => import('./yijianweituo/list.tsx'),
  'yijianweituo/one': () => import('./yijianweituo/one.tsx'),
  'personalcenter/edituserinfo': () => import('./personalcenter/edituserinfo.tsx'),
  'personalcenter/setnickname': () => import('./personalcenter/setnickname.tsx'),
  // chat (issue 18): the agent inbox
  'agent/login': () => import('./agent/login.tsx'),
  'agent/inbox': () => import('./agent/inbox.tsx'),
  'personalcenter/agreement': () => import('./personalcenter/agreement.tsx'),
  'personalcenter/yinsi': () => import('./personalcenter/yinsi.tsx'),
  'personalcenter/disanfang': () => import('./personalcenter/disanfang.tsx'),
  'personalcenter/gujiajilu': () => import('./personalcenter/gujiajilu.tsx'),
  'personalcenter/coupon': () => import('./personalcenter/coupon.tsx'),
  'personalcenter/jubao-record': () => import('./personalcenter/jubao-record.tsx'),
  'personalcenter/report': () => import('./personalcenter/report.tsx'),
  'personalcenter/yonghufankui': () => import('./personalcenter/yonghufankui.tsx'),
  'personalcenter/shengxinzhaofang': () => import('./personalcenter/shengxinzhaofang.tsx'),
  // Site-wide search and the city picker (issue 14)
  'search/index': () => import('./search/index.tsx'),
  'city/index': () => import('./city/index.tsx'),
  // Articles: news, buying guides, comments, source accounts (issue 15 part A)
  'zixun/list': () => import('./zixun/list.tsx'),
  'zixun/detail': () => import('./zixun/detail.tsx'),
  'zixun/comments': () => import('./zixun/comments.tsx'),
  'zixun/account': () => import('./zixun/account.tsx'),
  // Free valuation (issue 16 part B)
  'fangjia/gujia': () => import('./fangjia/gujia.tsx'),
  'fangjia/gjinfo': () => import('./fangjia/gjinfo.tsx'),
  gjabout: () => import('./gjabout.tsx'),
  // Licences and data sources (issue 34)
  kaiyuan: () => import('./kaiyuan.tsx'),
  // Stores (issue 17 part B)
  'mendian/list': () => import('./mendian/list.tsx'),
  'mendian/detail': () => import('./mendian/detail.tsx'),
  'mendian/fangyuan': () => import('./mendian/fangyuan.tsx'),
  'mendian/xiaoqu': () => import('./mendian/xiaoqu.tsx'),
  'mendian/dongtai': () => import('./mendian/dongtai.tsx'),
  'mendian/license': () => import('./mendian/license.tsx'),
  'mendian/search': () => import('./mendian/search.tsx'),
};
