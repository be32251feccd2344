import { createActivityApi } from './activity.ts';
// In-app pages and listing verification (issue 19)
import { createAppH5Api } from './apph5.ts';
import { createBatches, DEFAULT_GATEWAY_BATCH } from './batch.ts';
import { createBelongerApi } from './belonger.ts';
import { createChatApi } from './chat.ts';
import { createCityApi } from './city.ts';
import { createCompareApi } from './compare.ts';
import { createConfigApi } from './config.ts';
import { createDictionaryApi } from './dictionaries.ts';
import { createFangjiaApi } from './fangjia.ts';
import { createHouseApi } from './house.ts';
import { type ClientsConfig, createClients, type GatewayClients } from './http.ts';
import { createInfoApi } from './info.ts';
import { createMapApi } from './map.ts';
// Video and VR (issue 19)
import { createMediaApi } from './media.ts';
import { createAnswerMemo } from './memo.ts';
import { createNoticeApi } from './notice.ts';
import { createRecommendApi } from './recommend.ts';
import { createSchoolApi } from './school.ts';
import { createSearchApi } from './search.ts';
import { createTopicApi } from './topic.ts';
import { createUserApi } from './user.ts';
import { createXiaoquApi } from './xiaoqu.ts';

export type { City } from './city.ts';
export type { LocationDict } from './dictionaries.ts';
export type { CallContext, ClientsConfig } from './http.ts';
export { GatewayError } from './http.ts';
export type * from './types.ts';
export { withShortName } from './xiaoqu.ts';

/** The typed gateway client, grouped by domain (SPEC 7). One instance per app; every call takes a CallContext. */
export function createApi(cfg: ClientsConfig) {
  const clients: GatewayClients = createClients(cfg);
  const answers = createAnswerMemo(cfg.answerMemo);
  const city = createCityApi(clients.gateway);
  const config = createConfigApi(clients.gateway, clients.console);
  const house = createHouseApi(clients.gateway, answers);
  const xiaoqu = createXiaoquApi(clients.gateway, answers);
  const info = createInfoApi(clients.gateway, clients.house, clients.urls.house);
  return {
    clients,
    answers,
    /** Batches of gateway calls: one per request, and the background one (src/api/batch.ts). */
    batches: createBatches(clients.gateway, cfg.gatewayBatch ?? (() => DEFAULT_GATEWAY_BATCH)),
    city,
    config,
    house,
    xiaoqu,
    dictionaries: createDictionaryApi({ config, xiaoqu, info }),
    recommend: createRecommendApi({ city, config, house, xiaoqu }),
    school: createSchoolApi(clients.gateway),
    search: createSearchApi(clients.gateway),
    topic: createTopicApi(clients.gateway),
    belonger: createBelongerApi(clients.gateway),
    // 加入对比 (issue 37 part 4)
    compare: createCompareApi(clients.gateway),
    user: createUserApi(clients.gateway, clients.console, clients.www, clients.urls.www),
    chat: createChatApi(clients.gateway, clients.chat, clients.urls.chat),
    // Saved searches and notices (issue 37)
    notice: createNoticeApi(clients.gateway),
    info,
    map: createMapApi(clients.gateway, answers),
    // Video and VR (issue 19)
    media: createMediaApi(clients.gateway),
    fangjia: createFangjiaApi(clients.gateway),
    // Campaigns (issue 19)
    activity: createActivityApi(clients.gateway),
    // In-app pages and listing verification (issue 19)
    apph5: createAppH5Api(clients.gateway),
  };
}

export type Api = ReturnType<typeof createApi>;
