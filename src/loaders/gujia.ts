import type { ValuationResult } from '../contracts/gateway/gujia.ts';
import type { GjinfoData, GujiaFormData } from '../contracts/page-data/gujia.ts';
import { errors } from '../errors.ts';
import { SEARCH_QUERY_MAX } from '../lib/search-groups.ts';
import { DECORATIONS, ORIENTATIONS } from '../lib/valuation.ts';
import { FIELD_KEYS, fieldsOf, idIn, inputOf } from '../lib/valuation-fields.ts';
import { gjaboutMeta, gjinfoMeta, gujiaFormMeta } from '../meta/gujia.ts';
import { type PageContext, type PageLoader, pageLoader } from '../pipeline/types.ts';
import { orNotFound } from './listing-common.ts';

/**
 * The free valuation (issue 16 part B; SPEC 1 "price trends and valuation", 2.2 /fangjia/gujia and /fangjia/gjinfo).
 * The form is a plain GET form: the result's URL carries its inputs (share it, reload it), or `?id=` of a member's
 * kept valuation. The result saves nothing; its 保存到估价记录 form posts the fields to /-/action/gujia, which keeps
 * it in the member's 估价记录 (a visitor logs in first and comes back to the result). The model itself is
 * src/lib/valuation.ts, run by the gateway.
 */

const memberIdOf = (ctx: PageContext): string => ctx.user?.uid || ctx.user?.userId || '';

async function loadGujiaForm(ctx: PageContext) {
  const fields = fieldsOf(ctx.query);
  const q = (ctx.query.q ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  let xiaoqu: GujiaFormData['xiaoqu'] = null;
  if (fields.stressId) {
    const id = idIn(fields.stressId);
    if (id === null) throw errors.pageNotFound();
    const x = await orNotFound(ctx.api.xiaoqu.findBriefById(ctx.call, id));
    if (x.cityId !== ctx.city.cityId) throw errors.pageNotFound();
    xiaoqu = { stressId: x.stressId, name: x.name, address: x.address, avgPrice: x.avgPrice, buildYear: x.buildYear };
  }
  let matches: GujiaFormData['matches'] = [];
  if (!xiaoqu && q) {
    const found = await ctx.api.search.suggest(ctx.call, { keyword: q, cityId: ctx.city.cityId, limit: 10 });
    matches = found?.groups?.xiaoqu?.list ?? [];
  }
  const data: GujiaFormData = { xiaoqu, q, matches, fields, orientations: ORIENTATIONS, decorations: DECORATIONS };
  return { data };
}

async function loadGjinfo(ctx: PageContext) {
  const memberId = memberIdOf(ctx);
  const base = { loggedIn: Boolean(memberId), recordId: null, saved: false, error: null, result: null };
  if (ctx.query.id !== undefined) {
    // A kept valuation, re-opened from /gujiajilu: only its member sees it.
    const id = idIn(ctx.query.id);
    if (id === null || !memberId) throw errors.pageNotFound();
    const rec = await orNotFound(ctx.api.xiaoqu.valuationRecord(ctx.call, memberId, id));
    const { stressId, ...input } = rec.input;
    const fields = fieldsOf(Object.fromEntries(Object.entries(rec.input).map(([k, v]) => [k, String(v)])));
    const result = await orNotFound(ctx.api.xiaoqu.estimate(ctx.call, { stressId, ...input }));
    return { data: { ...base, result, fields, saved: true, recordId: rec.id } satisfies GjinfoData };
  }
  const fields = fieldsOf(ctx.query);
  const stressId = idIn(fields.stressId);
  if (stressId === null) return { status: 400, data: { ...base, fields, error: '请先选择小区' } satisfies GjinfoData };
  const input = inputOf(fields);
  if (typeof input === 'string') return { status: 400, data: { ...base, fields, error: input } satisfies GjinfoData };
  let result: ValuationResult | null;
  try {
    // Showing an estimate saves nothing (issue 33: a GET, even from another site's link, must not write): the member
    // keeps it with the page's 保存 form, POST /-/action/gujia.
    result = await ctx.api.xiaoqu.estimate(ctx.call, { stressId, ...input });
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404) return { status: 404, data: { ...base, fields, error: '小区不存在，请重新选择小区' } satisfies GjinfoData };
    if (status === 400) return { status: 400, data: { ...base, fields, error: (err as Error).message } satisfies GjinfoData };
    throw err;
  }
  if (!result) throw errors.pageNotFound();
  return { data: { ...base, fields, result, saved: result.recordId !== null, recordId: result.recordId } satisfies GjinfoData };
}

export const gujiaForm: PageLoader<GujiaFormData> = pageLoader(loadGujiaForm, gujiaFormMeta);
export const gjinfo: PageLoader<GjinfoData> = pageLoader(loadGjinfo, gjinfoMeta);
export const gjabout: PageLoader<null> = pageLoader(async () => ({ data: null }), gjaboutMeta);

export const gujiaQueryKeys = {
  gujiaForm: ['q', ...FIELD_KEYS],
  gjinfo: ['id', ...FIELD_KEYS],
  gjabout: [],
} as const;
