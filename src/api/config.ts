import type { Got } from 'got';
import { getList, getObj, post, seg } from './call.ts';
import type { CallContext } from './http.ts';
import { memoByKey } from './memo.ts';
import type { Banner, Metro, Region, ShopMap } from './types.ts';

export interface SwitchSystemConfig {
  chat: boolean;
  vr: boolean;
  video: boolean;
  daikan: boolean;
  overseas: boolean;
  coupon: boolean;
  webCall: string;
  [key: string]: unknown;
}

const ONE_HOUR = 60 * 60 * 1000;

/** SPEC 7.2: banners, configuration, app version, regions, metro lines, SEO links. */
export function createConfigApi(gateway: Got, consoleClient: Got) {
  // SPEC 7.1: the system config by city is fetched once (per city) and served from cache afterwards.
  const switches = memoByKey(
    (cityId: number, call: CallContext) =>
      getObj<SwitchSystemConfig>(gateway, call, `/api/config/getSwitchSystemConfigByCityId/${seg(cityId)}`),
    { max: 100, ttlMs: ONE_HOUR },
  );
  return {
    bannerPics: (call: CallContext, cityId: number, content: string) =>
      getList<Banner>(gateway, call, `web/banner/getpic/${seg(cityId)}/${seg(content)}`),
    infomercialPics: (call: CallContext, cityId: number, text: string) =>
      getList<Banner>(gateway, call, `/api/infomercial/pic/get/${seg(cityId)}/${seg(text)}`),
    switchSystemConfig: (call: CallContext, cityId: number): Promise<SwitchSystemConfig | null> => switches.get(cityId, call),
    /** Investment hotline of the city. */
    zsdh: (call: CallContext, cityId?: number) =>
      getObj<{ tel: string; name: string }>(gateway, call, '/api/config/key/zsdh', { searchParams: { cityId } }),
    /** Investment picture of the city. */
    zstupian: (call: CallContext, cityId?: number) =>
      getObj<{ img: string; link: string }>(gateway, call, '/api/config/key2/zstupian', { searchParams: { cityId } }),
    timeLineSwitch: (call: CallContext, cityId?: number) =>
      getObj<{ open: boolean }>(gateway, call, '/api/config/key/time_line_switch', { searchParams: { cityId } }),
    problemAsk: (call: CallContext, cityId?: number) =>
      getList<string>(gateway, call, '/api/config/key/problem_ask', { searchParams: { cityId } }),
    zhufangProblemAsk: (call: CallContext, cityId?: number) =>
      getList<string>(gateway, call, '/api/config/key/zhufang_problem_ask', { searchParams: { cityId } }),
    /** Any other key: zsdh, time_line_switch, problem_ask, zhufang_problem_ask. */
    configKey: <T = unknown>(call: CallContext, key: string, cityId?: number) =>
      getObj<T>(gateway, call, `/api/config/key/${seg(key)}`, { searchParams: { cityId } }),
    /** Keys: zstupian. */
    configKey2: <T = unknown>(call: CallContext, key: string, cityId?: number) =>
      getObj<T>(gateway, call, `/api/config/key2/${seg(key)}`, { searchParams: { cityId } }),
    /** Console host: GET /systemConfig/listData/TO_JOIN_TEL. */
    joinTel: (call: CallContext) => getList<{ name: string; tel: string }>(consoleClient, call, '/systemConfig/listData/TO_JOIN_TEL'),
    async androidApkUrl(call: CallContext): Promise<string | null> {
      const obj = await getObj<{ apkUrl: string }>(gateway, call, 'api/app/version/resolve/Android');
      return obj?.apkUrl ?? null;
    },
    appMenus: (call: CallContext, cityId: number) =>
      getList<{ key: string; name: string; url: string; sort: number }>(gateway, call, '/api/appmenuupgrade/list', post({ cityId })),
    regions: (call: CallContext, cityId: number) => getList<Region>(gateway, call, `api/region/findByCityId/${seg(cityId)}`),
    loupanRegions: (call: CallContext, cityId: number) => getList<Region>(gateway, call, `api/loupanregion/findByCityId/${seg(cityId)}`),
    loupanShopMaps: (call: CallContext, regionId: number) =>
      getList<ShopMap>(gateway, call, `api/loupanregion/findByRegionId/${seg(regionId)}`),
    loupanCount: (call: CallContext, id: number) =>
      getObj<{ regionId: number; count: number }>(gateway, call, `/api/loupanregion/Coutlot/${seg(id)}`),
    metros: (call: CallContext, cityId: number) => getList<Metro>(gateway, call, `api/house/findMetros/${seg(cityId)}`),
    schoolRegions: (call: CallContext, cityId: number) => getList<Region>(gateway, call, `/api/school/getSchoolRegionList/${seg(cityId)}`),
    buildTypeDict: (call: CallContext) => getList<{ id: number; name: string }>(gateway, call, '/api/xiaoqu/buildTypeDict'),
    links: (call: CallContext, body: { cityId: number; kind?: string; limit?: number }) =>
      getList<{ title: string; url: string }>(gateway, call, '/api/link/find', post(body)),
    anchorLinks: (call: CallContext, kind: 'Zufang' | 'Ershoufang' | 'Xinfang' | 'Xiaoqu' | 'Zixun', x: number) =>
      getList<{ title: string; url: string }>(gateway, call, `/api/anchorlink/get${kind}AnchorLinks/${seg(x)}m`),
  };
}
