import type { PageHead } from '../contracts/head.ts';
import { isUntrackedPage } from '../lib/tracking.ts';
import { cityOrigin } from '../pipeline/head.ts';
import type { PageContext } from '../pipeline/types.ts';
import { cityContactsOf } from '../registry/city-contacts.ts';
import type { AppState } from '../stores/app-state.ts';
import { userStateFrom } from '../stores/app-state.ts';

/** The whitelisted, serializable state of one response: no request, no server objects. */
export function buildAppState(ctx: PageContext, status: number, data: unknown, head: PageHead, moduleKey: string): AppState {
  const layout = ctx.req.server.registry.current.file.layouts[ctx.page.layout];
  return {
    city: {
      selectCityId: ctx.city.cityId,
      selectCityName: ctx.city.name,
      host: cityOrigin(ctx.site, ctx.city),
      pcHost: `${ctx.site.scheme}://${ctx.site.pcHost}`,
      scene: ctx.query.scene ?? '',
      servicePhone: ctx.city.servicePhone,
    },
    user:
      ctx.user && ctx.chatUnread !== undefined
        ? { ...userStateFrom(ctx.user), chatUnread: ctx.chatUnread, noticeUnread: ctx.noticeUnread ?? 0 }
        : userStateFrom(ctx.user),
    site: {
      brand: ctx.site.brand,
      supervisionPhone: cityContactsOf(ctx.site, ctx.city.cityId).supervisionPhone,
      icpNumber: ctx.site.icpNumber,
      creditCode: ctx.site.creditCode,
      siteKind: ctx.siteKind,
      app: ctx.site.app,
    },
    route: {
      page: ctx.page.name,
      module: moduleKey,
      layout: ctx.page.layout,
      header: layout?.header ?? true,
      footer: layout?.footer ?? true,
      appBar: layout?.appBar ?? false,
      path: ctx.path,
      params: ctx.params,
      query: ctx.query,
      status,
      data,
      head,
      noTrack: isUntrackedPage(ctx.params),
      renderedAt: ctx.now,
    },
  };
}
