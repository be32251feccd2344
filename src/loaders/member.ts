import type { CollectEntry, CollectKind } from '../contracts/gateway/index.ts';
import type { FormHouse, FormPageData, MyShoucangData, PhotoData, PriceDrop } from '../contracts/page-data/member.ts';
import { errors } from '../errors.ts';
import { parseId } from '../lib/ids.ts';
import { detailPathOf, kindOfHouseType } from '../lib/listing-kinds.ts';
import { safeReturnPath } from '../lib/return-url.ts';
import { jubaoMeta, myShoucangMeta, photoMeta, yuyuekanfangMeta } from '../meta/member.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { optional } from './optional.ts';

const KINDS: readonly CollectKind[] = ['ershoufang', 'rent', 'newhouse', 'xiaoqu', 'overseas'];

/** The member id the gateway's member calls take (the uid of the signed cookie). */
export function memberIdOf(ctx: Pick<PageContext, 'user'>): string {
  return ctx.user?.uid || ctx.user?.userId || '';
}

/** What a favourite's price is counted in: a sale's 万, a rent's 元/月, an estate's 参考均价 元/㎡; others have none. */
const DROP_UNITS: Partial<Record<CollectKind, string>> = { ershoufang: '万', rent: '元/月', newhouse: '元/㎡' };

/** A listing's or an estate's favourite drop since it was saved (issue 37): its price now under the price it was saved at. */
function dropOf(e: CollectEntry): PriceDrop | null {
  const unit = DROP_UNITS[e.kind];
  if (!unit || typeof e.savedPrice !== 'number') return null;
  const now = (e.item as { price?: unknown }).price;
  if (typeof now !== 'number' || now <= 0 || !(now < e.savedPrice)) return null;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { from: e.savedPrice, to: now, amount: round(e.savedPrice - now), unit };
}

/** /myshoucang[?kind=]: the member's favourites of SPEC 7.8's four kinds and overseas. member-only runs before. */
export const myShoucangLoader = pageLoader(async (ctx): Promise<LoadResult<MyShoucangData>> => {
  const memberId = memberIdOf(ctx);
  if (!memberId) throw errors.pageNotFound();
  const kind = KINDS.includes(ctx.query.kind as CollectKind) ? (ctx.query.kind as CollectKind) : null;
  const sort = ctx.query.sort === 'drop' ? 'drop' : null;
  const all = (await ctx.api.user.collectList(ctx.call, memberId)).map((e) => ({ ...e, drop: dropOf(e) }));
  const counts: Record<CollectKind, number> = { ershoufang: 0, rent: 0, newhouse: 0, xiaoqu: 0, overseas: 0 };
  for (const e of all) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
  const entries = kind ? all.filter((e) => e.kind === kind) : all;
  // 降价优先: the drops first, the biggest share first; the rest keep their order (newest saved first).
  const share = (e: (typeof all)[number]) => (e.drop ? e.drop.amount / e.drop.from : 0);
  if (sort) entries.sort((a, b) => share(b) - share(a));
  return { data: { kind, entries, counts, sort } };
}, myShoucangMeta);

/** The house a form names by `?houseId=` (or `?id=`): none without one, the 404 screen for a malformed or unknown one. */
async function formHouse(ctx: PageContext): Promise<FormHouse | null> {
  const raw = ctx.query.houseId ?? ctx.query.id;
  if (raw === undefined) return null;
  const id = parseId(raw);
  if (id === null) throw errors.pageNotFound();
  const house = await optional(ctx, 'listingDetail', ctx.api.house.listingDetail(ctx.call, id), null);
  if (!house) throw errors.pageNotFound();
  return {
    houseId: house.houseId,
    houseType: house.houseType,
    title: house.title,
    priceText: house.priceText,
    belongerId: house.belongerId ?? null,
    agentName: house.agentInfo?.name ?? null,
  };
}

const detailOf = (h: FormHouse | null) => (h ? detailPathOf(kindOfHouseType(h.houseType), h.houseId) : '/');

async function loadForm(ctx: PageContext): Promise<LoadResult<FormPageData>> {
  const house = await formHouse(ctx);
  return { data: { house, done: ctx.query.ok === '1', back: safeReturnPath(ctx.query.back, detailOf(house)) } };
}

/** /yuyuekanfang?houseId=: the viewing booking form (POST /-/action/kanfang → api/kanfang/add). */
export const yuyuekanfangLoader = pageLoader(loadForm, yuyuekanfangMeta);

/** /jubao?houseId=: the report form (POST /-/action/jubao → api/jubao/save). */
export const jubaoLoader = pageLoader(loadForm, jubaoMeta);

const ACTIVE = /^\d{1,4}$/;

/**
 * /photo?id=&type=ershoufang|zufang|xinfang&active=n: the full-screen gallery of a listing or an estate. The
 * estate variant reads its photos and floor plans from api/house/findById.
 */
export const photoLoader = pageLoader(async (ctx): Promise<LoadResult<PhotoData>> => {
  const id = parseId(ctx.query.id ?? ctx.query.houseId);
  if (id === null) throw errors.pageNotFound();
  const active = Math.max(0, Number(ACTIVE.test(ctx.query.active ?? '') ? ctx.query.active : 0));
  const type = ctx.query.type ?? 'ershoufang';
  if (type === 'xinfang') {
    const lp = await optional(ctx, 'loupan', ctx.api.house.findById(ctx.call, id), null);
    if (!lp) throw errors.pageNotFound();
    const l = lp as unknown as {
      houseId: number;
      name: string;
      photos?: string[];
      img?: string;
      huxingList?: Array<{ name: string; img: string }>;
    };
    const photos = l.photos?.length ? l.photos : l.img ? [l.img] : [];
    const agent = lp.agentInfo;
    return {
      data: {
        photoList: photos,
        activeItem: Math.min(active, Math.max(0, photos.length - 1)),
        houseTitle: l.name,
        showAgent: Boolean(agent),
        videoUrl: lp.videoUrl ?? null,
        loupan: { houseId: l.houseId, name: l.name },
        huxing: (l.huxingList ?? []).map((h) => ({ name: h.name, img: h.img })),
        video: null,
        agentComment: null,
        agent: agent ? { name: agent.name, uid: agent.uid, belongerId: agent.belongerId, portrait: agent.portrait } : null,
        back: `/xinfang/${l.houseId}.html`,
        houseId: l.houseId,
        houseType: 1,
      },
    };
  }
  const house = await optional(ctx, 'listingDetail', ctx.api.house.listingDetail(ctx.call, id), null);
  if (!house || house.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  const agent = house.agentInfo;
  const comment = agent
    ? await optional(
        ctx,
        'audit',
        ctx.api.house.auditFindContent(ctx.call, house.houseNumber, agent.belongerId).then((l) => l[0]?.content ?? null),
        null,
      )
    : null;
  return {
    data: {
      photoList: house.photos,
      activeItem: Math.min(active, Math.max(0, house.photos.length - 1)),
      houseTitle: house.title,
      showAgent: Boolean(agent),
      videoUrl: house.videoUrl ?? null,
      loupan: null,
      huxing: [],
      video: null,
      agentComment: comment,
      agent: agent ? { name: agent.name, uid: agent.uid, belongerId: agent.belongerId, portrait: agent.portrait } : null,
      back: `/${kindOfHouseType(house.houseType)}/${house.houseId}.html`,
      houseId: house.houseId,
      houseType: house.houseType,
      caption: { xiaoquName: house.xiaoquName, huxing: house.huxing, area: house.area },
    },
  };
}, photoMeta);
