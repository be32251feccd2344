import type { CallContext } from '../api/http.ts';
import { KEEP_HEADER } from '../pwa/worker-script.ts';
import type { PageContext, PageView } from './types.ts';

/** A member id the gateway takes in a path segment; anything else is not sent. */
const MEMBER_ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * SPEC 7.4: a detail page's view is counted by house number and kept in the member's view history. The only writes a
 * GET page makes, both fire and forget: the page never waits for them and a failure is a warning. Ad variants
 * (registry `params.ad`, SPEC 4) and the service worker's own fetch of a page for offline reading (issue 37 part 5)
 * record nothing. `params.track: "false"` is not a reason: it turns off the browser's
 * page-view beacon (SPEC 4 page tracking) on every .html detail, whose views the gateway still counts.
 */
export function recordView(ctx: PageContext, view: PageView): void {
  if (ctx.page.params?.ad === 'true') return;
  // Issue 37 part 5: the service worker keeping a page already shown (and counted) for offline reading.
  if (ctx.req.headers[KEEP_HEADER] !== undefined) return;
  const warn = (call: string) => (err: unknown) => ctx.log.warn({ err, call }, 'page view not recorded');
  // Sent with the other requests' views (src/api/batch.ts, background batch), not bound by this request's deadline.
  const call: CallContext = { reqId: ctx.call.reqId, log: ctx.log, batch: ctx.api.batches.background() };
  if (view.houseNumber) ctx.api.house.addViewNum(call, view.houseNumber).catch(warn('addViewNum'));
  const memberId = ctx.user?.uid || ctx.user?.userId || '';
  if (memberId && MEMBER_ID.test(memberId)) {
    ctx.api.house.saveHouseViewHistory(call, view.houseId, memberId, 'wap', view.kind).catch(warn('saveHouseViewHistory'));
  }
}
