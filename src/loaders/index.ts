import type { Loader } from '../pipeline/types.ts';
import {
  ershoufangDaikanLoader,
  ershoufangDetailLoader,
  ershoufangDongtaiLoader,
  ershoufangListLoader,
  ershoufangZhouLoader,
  referrerLoader,
} from './ershoufang.ts';
import { homeLoader } from './home.ts';
import { jubaoLoader, myShoucangLoader, photoLoader, yuyuekanfangLoader } from './member.ts';
import { duanzuListLoader, zufangDetailLoader, zufangListLoader, zuyjDetailLoader } from './zufang.ts';

/** The named loaders registry.json may refer to. */
export const loaders: Readonly<Record<string, Loader>> = {
  home: homeLoader,
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
  myshoucang: myShoucangLoader,
  yuyuekanfang: yuyuekanfangLoader,
  jubao: jubaoLoader,
  photo: photoLoader,
};
