import { GatewayError } from '../api/http.ts';
import type { Belonger } from '../contracts/gateway/belonger.ts';
import type { ChatHouseCard } from '../contracts/gateway/chat.ts';
import type {
  ChatAgent,
  ChatConversation,
  ChatPlace,
  ChatSettings,
  ChatSettingsData,
  ImListData,
  ImSessionData,
  ServeEvaluationData,
  XinfangUnreadData,
} from '../contracts/page-data/im.ts';
import { errors } from '../errors.ts';
import { formStateOf } from '../form-drafts.ts';
import { lastOf, messageOfRecord, type StoredRecord } from '../lib/chat.ts';
import { chatSettingsOf, chatUserOf, LOOKUP_FAILED, MEMBER_QUICK_PHRASES, parseChatQuery } from '../lib/chat-query.ts';
import { sortConversations } from '../lib/chat-view.ts';
import { detailPathOf, kindOfHouseType } from '../lib/listing-kinds.ts';
import { gatewayTime } from '../lib/time-label.ts';
import { imMeta } from '../meta/im.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

/**
 * The chat screens (issue 18; SPEC 3, 4, 5, 7.9, 9). Every page here is a member's (`member-only` runs first, except
 * /xinfang/unreadlist, which asks a visitor to log in) and never cached. The first render comes from the gateway so it
 * shows without JavaScript; the browser then goes live through the chat transport (src/client/chat).
 */

function me(ctx: PageContext): string {
  const id = chatUserOf(ctx.user);
  if (!id) throw errors.pageNotFound();
  return id;
}

type Session = Awaited<ReturnType<PageContext['api']['chat']['sessions']>>[number];

const agentOf = (b: Pick<Belonger, 'belongerId' | 'uid' | 'name' | 'portrait' | 'storeName' | 'iskefu'>): ChatAgent => ({
  belongerId: b.belongerId,
  uid: b.uid,
  name: b.name,
  portrait: b.portrait,
  storeName: b.storeName ?? null,
  iskefu: Boolean(b.iskefu),
});

/** A gateway session (api/microchat/sessions) as a row of /im/list, as chat-core's /-/chat/conversations answers it. */
export function conversationOf(s: Session, meId: string): ChatConversation {
  const time = gatewayTime(s.lastTime);
  return {
    conversationID: s.conversationID,
    peer: s.targetId,
    agent: s.agent ? agentOf(s.agent) : null,
    last: Number.isFinite(time) ? lastOf(s.lastType, s.lastContent, time, (s.lastFrom ?? '') === meId) : null,
    unread: s.unread ?? 0,
    pinned: Boolean(s.pinned),
  };
}

async function conversations(ctx: PageContext, id: string): Promise<ChatConversation[]> {
  const sessions = (await ctx.api.chat.sessions(ctx.call, id)) as Session[];
  return sortConversations(sessions.map((s) => conversationOf(s, id)));
}

/** /im/list */
export const imList = pageLoader(async (ctx): Promise<LoadResult<ImListData>> => {
  const list = await conversations(ctx, me(ctx));
  return { data: { conversations: list, now: ctx.now } };
}, imMeta('消息列表'));

/** A new home's chat house card (SPEC 3), from the estate. */
function estateCard(lp: {
  houseId: number;
  name: string;
  price: number;
  priceText: string;
  img: string;
  address: string;
  regionName: string | null;
  typeNames: string[];
  saleStatusLabel: string;
}): ChatHouseCard {
  return {
    tuijian: false,
    title: lp.name,
    price: lp.price,
    priceText: lp.priceText,
    other: [lp.regionName, lp.saleStatusLabel].filter(Boolean).join(' · '),
    desc: lp.address,
    img: lp.img,
    houseid: lp.houseId,
    housetype: 1,
    houseMode: lp.typeNames.join('/') || '新房',
    huashu: '您好，我想了解一下这个楼盘的价格和优惠，可以介绍一下吗？',
    activityName: '',
  };
}

const placeOf = (p: { lat: number | null; lng: number | null }, title: string, address: string): ChatPlace | null =>
  p.lat !== null && p.lng !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng) ? { lat: p.lat, lng: p.lng, title, address } : null;

/** The listing a chat was started from: its card, where it opens, where it is. */
async function houseOf(
  ctx: PageContext,
  houseId: number,
  houseType: number,
  frameCard: ChatHouseCard | null,
): Promise<{ house: ChatHouseCard | null; houseHref: string | null; place: ChatPlace | null }> {
  if (houseType === 1) {
    const lp = await optional(ctx, 'loupan', ctx.api.house.findById(ctx.call, houseId), null);
    if (!lp) return { house: null, houseHref: null, place: null };
    return { house: estateCard(lp), houseHref: `/xinfang/${lp.houseId}.html`, place: placeOf(lp, lp.name, lp.address) };
  }
  const detail = await optional(ctx, 'listingDetail', ctx.api.house.listingDetail(ctx.call, houseId), null);
  if (!detail) return { house: frameCard, houseHref: null, place: null };
  const address = [detail.regionName, detail.shopMapName, detail.xiaoquName].filter(Boolean).join(' ');
  return {
    house: frameCard,
    houseHref: detailPathOf(kindOfHouseType(detail.houseType), detail.houseId, detail.houseType),
    place: placeOf(detail, detail.xiaoquName || detail.title, address),
  };
}

const HISTORY_PAGE = 30;

/** /im/session?belongerId=&uid=&name=&houseId=&houseType= (SPEC 3, 4, 5). */
export const imSession = pageLoader(async (ctx): Promise<LoadResult<ImSessionData>> => {
  const q = parseChatQuery(ctx.query);
  if (!q) throw errors.pageNotFound();
  const meId = me(ctx);
  // SPEC 5: the chat-user lookup; a status other than 200 shows 获取用户uid 失败！
  let peer: Awaited<ReturnType<PageContext['api']['chat']['friendKey']>>;
  try {
    peer = await ctx.api.chat.friendKey(ctx.call, { userId: meId, uid: q.uid, belongerId: q.belongerId });
  } catch (err) {
    const status = err instanceof GatewayError && err.statusCode === 404 ? 404 : 502;
    ctx.log.warn({ err, uid: q.uid, belongerId: q.belongerId }, 'chat-user lookup failed');
    return { data: { ok: false, message: LOOKUP_FAILED }, status };
  }
  if (!peer?.uid || !peer.agent) {
    ctx.log.warn({ uid: q.uid, belongerId: q.belongerId }, 'chat-user lookup answered no user');
    return { data: { ok: false, message: LOOKUP_FAILED }, status: 404 };
  }
  const [frame, history] = await Promise.all([
    optional(
      ctx,
      'chatframe',
      ctx.api.chat.chatFrame(ctx.call, {
        uid: peer.uid,
        belongerId: peer.belongerId,
        userId: meId,
        ...(q.house && q.house.houseType !== 1 ? { houseId: q.house.houseId } : {}),
      }),
      null,
    ),
    optional(ctx, 'chat history', ctx.api.chat.records(ctx.call, meId, peer.uid, { page: 0, size: HISTORY_PAGE }), null),
  ]);
  const house = q.house ? await houseOf(ctx, q.house.houseId, q.house.houseType, frame?.houseInfo ?? null) : null;
  const place = house?.place ?? null;
  const near = place
    ? await optional(ctx, 'nearby', ctx.api.map.nearby(ctx.call, { cityId: ctx.city.cityId, lng: place.lng, lat: place.lat }), null)
    : null;
  const messages = (history?.content ?? []).flatMap((r) => messageOfRecord(r as StoredRecord) ?? []);
  return {
    data: {
      ok: true,
      me: meId,
      peer: peer.uid,
      agent: agentOf(peer.agent),
      house: house?.house ?? null,
      houseHref: house?.houseHref ?? null,
      place,
      placeMap:
        place && near
          ? { ...place, district: near.district, schools: near.schools.slice(0, 3), stations: near.stations.slice(0, 2) }
          : null,
      // The card's own opening line first, then the member's phrases.
      replies: [...new Set([house?.house?.huashu, ...MEMBER_QUICK_PHRASES].filter((r): r is string => Boolean(r)))],
      messages,
      more: history ? history.totalElements > messages.length : false,
      now: ctx.now,
    },
  };
}, imMeta('在线咨询'));

/** /im/session/serveEvaluation?belongerId=: the agent to rate. */
export const serveEvaluation = pageLoader(async (ctx): Promise<LoadResult<ServeEvaluationData>> => {
  const raw = ctx.query.belongerId ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw errors.pageNotFound();
  const id = me(ctx);
  const agent = await ctx.api.belonger.find(ctx.call, raw).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 404) return null;
    throw err;
  });
  if (!agent) throw errors.pageNotFound();
  const draft = await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, `im-evaluate:${agent.belongerId}`, id);
  return { data: { agent: agentOf(agent), form: formStateOf(ctx.query, draft) } };
}, imMeta('服务评价'));

/** The member's chat settings, kept with their person information (console Personinformation, SPEC 7.8). */
export async function loadChatSettings(ctx: Pick<PageContext, 'api' | 'call'>, memberId: string): Promise<ChatSettings> {
  const info = await ctx.api.user.personFind(ctx.call, memberId);
  return chatSettingsOf(info?.chatSettings);
}

/** /city/ChatSettings */
export const chatSettings = pageLoader(async (ctx): Promise<LoadResult<ChatSettingsData>> => {
  const id = me(ctx);
  const settings = await loadChatSettings(ctx, id);
  const draft = await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, 'im-settings', id);
  return { data: { settings, form: formStateOf(ctx.query, draft) } };
}, imMeta('聊天设置'));

/** A conversation about a new home: a new-home house card (SPEC 3, housetype 1) among its recent messages. */
async function aboutNewHome(ctx: PageContext, me: string, peer: string): Promise<boolean> {
  const page = await optional(ctx, 'chat history', ctx.api.chat.records(ctx.call, me, peer, { page: 0, size: 50 }), null);
  return (page?.content ?? []).some((r) => {
    const m = r.msgType === 'house' ? messageOfRecord(r as StoredRecord) : null;
    return m?.msgType === 'house' && m.content.housetype === 1;
  });
}

/**
 * /xinfang/unreadlist: the member's conversations about new homes (a new-home house card in the conversation) with
 * unread messages. A visitor is asked to log in.
 */
export const xinfangUnread = pageLoader(async (ctx): Promise<LoadResult<XinfangUnreadData>> => {
  const id = chatUserOf(ctx.user);
  if (!id) return { data: { member: false, conversations: [], now: ctx.now } };
  const unread = (await conversations(ctx, id)).filter((c) => c.unread > 0);
  const newHome = await Promise.all(unread.map((c) => aboutNewHome(ctx, id, c.peer)));
  return { data: { member: true, conversations: unread.filter((_c, i) => newHome[i]), now: ctx.now } };
}, imMeta('未读消息'));

/** /newChat, /newChat1 when `chat-entry` could not resolve the agent: SPEC 5's message, with 404. */
export const newChat = pageLoader(
  async (): Promise<LoadResult<ImSessionData>> => ({ data: { ok: false, message: LOOKUP_FAILED }, status: 404 }),
  imMeta('在线咨询'),
);
