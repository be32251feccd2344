import { errors } from '../errors.ts';
import { chatUserOf } from '../lib/chat-query.ts';
import type { Middleware, PageContext } from '../pipeline/types.ts';
import { chatSessionPath } from '../ui/detail/links.ts';

/**
 * /newChat and /newChat1 (issue 18): start a chat from a listing, an estate or an agent card. The registry's
 * `params.entry` says which: `listing` (?houseId= of a second-hand, rental or commercial listing, or ?belongerId= /
 * ?uid= of an agent) or `estate` (?id= or ?houseId= of a new-home estate, or an adviser's ?belongerId=). The agent is
 * resolved through the gateway (the listing's agent, the estate's advisers, the chat-user lookup) and the member goes
 * to /im/session with the agent's and the listing's parameters. A malformed query is the 404 screen; an agent that
 * cannot be resolved falls through to the page, which shows 获取用户uid 失败！ (SPEC 5).
 */
export const chatEntry: Middleware = async (ctx) => {
  const target = await resolveTarget(ctx);
  if (!target) return;
  return { kind: 'redirect', status: 302, location: target };
};

const ID = /^[1-9]\d{0,15}$/;
const UID = /^[A-Za-z0-9_@.-]{1,40}$/;

function idOf(raw: string | undefined): number | null | undefined {
  if (raw === undefined || raw === '') return undefined;
  return ID.test(raw) ? Number(raw) : null;
}

async function resolveTarget(ctx: PageContext): Promise<string | null> {
  const q = ctx.query;
  const estate = ctx.params.entry === 'estate';
  const houseId = idOf(estate ? (q.id ?? q.houseId) : q.houseId);
  const belongerId = idOf(q.belongerId);
  const uid = q.uid || undefined;
  if (houseId === null || belongerId === null || (uid !== undefined && !UID.test(uid))) throw errors.pageNotFound();
  if (houseId === undefined && belongerId === undefined && uid === undefined) throw errors.pageNotFound();
  const warn = (err: unknown, what: string) => {
    ctx.log.warn({ err, what, houseId, belongerId, uid }, 'chat entry: the agent could not be resolved');
    return null;
  };
  const me = chatUserOf(ctx.user);
  if (estate) {
    let agent: { belongerId: number; uid: string; name: string } | null = null;
    if (belongerId !== undefined || uid !== undefined) {
      const peer = await ctx.api.chat.friendKey(ctx.call, { userId: me, uid, belongerId }).catch((e) => warn(e, 'friendkey'));
      agent = peer?.agent ?? null;
    } else if (houseId !== undefined) {
      const advisers = await ctx.api.house.getBelongerLouPanListNew(ctx.call, houseId).catch((e) => warn(e, 'advisers'));
      agent = advisers?.find((a) => !a.iskefu) ?? advisers?.[0] ?? null;
    }
    if (!agent) return null;
    return chatSessionPath(agent, houseId !== undefined ? { houseId, houseType: 1 } : undefined);
  }
  if (houseId !== undefined && belongerId === undefined && uid === undefined) {
    const house = await ctx.api.house.listingDetail(ctx.call, houseId).catch((e) => warn(e, 'listing'));
    const agent = house?.agentInfo ?? (house?.belongerId ? { belongerId: house.belongerId, uid: '', name: '' } : null);
    if (!house || !agent) return null;
    return chatSessionPath(agent, { houseId: house.houseId, houseType: house.houseType });
  }
  const peer = await ctx.api.chat.friendKey(ctx.call, { userId: me, uid, belongerId }).catch((e) => warn(e, 'friendkey'));
  if (!peer?.agent) return null;
  const houseType = /^(1|1[1-6])$/.test(q.houseType ?? '') ? Number(q.houseType) : undefined;
  return chatSessionPath(peer.agent, houseId !== undefined && houseType ? { houseId, houseType } : undefined);
}
