import type { Loader } from '../pipeline/types.ts';
import * as dongtai from './dongtai.ts';
import { downloadappLoader } from './downloadapp.ts';
import {
  ershoufangDaikanLoader,
  ershoufangDetailLoader,
  ershoufangDongtaiLoader,
  ershoufangListLoader,
  ershoufangZhouLoader,
  referrerLoader,
} from './ershoufang.ts';
import * as haiwai from './haiwai.ts';
import { homeLoader } from './home.ts';
import * as huxing from './huxing.ts';
import { jubaoLoader, myShoucangLoader, photoLoader, yuyuekanfangLoader } from './member.ts';
import * as shangpu from './shangpu.ts';
import { sydcLoader } from './sydc.ts';
import * as xinfang from './xinfang.ts';
import * as zhaopu from './zhaopu.ts';
import { duanzuListLoader, zufangDetailLoader, zufangListLoader, zuyjDetailLoader, zuyjListLoader } from './zufang.ts';

/** The named loaders registry.json may refer to. */
export const loaders: Readonly<Record<string, Loader>> = {
  home: homeLoader,
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
  xinfangUnreadlist: xinfang.xinfangUnreadlist,
  xinfangVideo: xinfang.xinfangVideo,
  xinfangVr: xinfang.xinfangVr,
  xinfangWendalist: xinfang.xinfangWendalist,
  xinfangTabPages: xinfang.xinfangTabPages,
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
};
