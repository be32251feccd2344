import type { SavedSearchInput, SavedSearchList } from '../contracts/gateway/index.ts';
import { cleanText } from '../lib/form-refusal.ts';
import { LIST_SPECS, type ListName, listFilterOf, listPathOf, locationName, SAVABLE_LISTS } from '../lib/list-specs.ts';
import { filterLabels, parseTail } from '../lib/listing-filters.ts';
import { filterWords, parseXinfangPath, slugsOf, toLoupanFilter, xinfangPath } from '../lib/xinfang-filters.ts';
import { back, rowId } from './fields.ts';
import { withQuery } from './run-action.ts';
import { type ActionContext, ActionRefusal, actionHandler } from './types.ts';

/**
 * A buyer's weeks (issue 37 parts 1 and 3): save a filtered list as a search that fires, and manage the message
 * centre (read, delete, the searches' on/off, quiet hours, SMS). The member is the session's (`member-only`): a
 * visitor's 保存搜索 goes to log in and comes back to the list with `?baocun=1` (SPEC 4 login rule), where the page
 * saves it (with JavaScript, the search the visitor chose; without, the form opens again to be sent). A plain post
 * comes back with `?notice=<code>`; with fetch() the JSON answer.
 */

/** The new-home list's root: its searches are the estate list's (`xinfang` on the gateway). */
const XINFANG_BASE = '/xinfang/';
export const SAVED_SEARCH_NAME_MAX = 30;
export const SEARCH_WANTS = ['new', 'drop'] as const;
const onOff = { type: 'string', enum: ['0', '1'] } as const;
const clock = {
  type: 'string',
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  title: '免打扰时间',
  errorMessage: '请选择正确的免打扰时间',
} as const;

export const noticeBodies = {
  /** 保存搜索: the list's URL, a name, 新房源 and/or 降价 (repeated `wants` fields), SMS optional. */
  savedSearch: {
    type: 'object',
    required: ['url', 'wants'],
    additionalProperties: false,
    properties: {
      url: { type: 'string', minLength: 2, maxLength: 300, pattern: '^/[^\\s]*$', title: '搜索条件', errorMessage: '搜索条件不正确' },
      name: { type: 'string', maxLength: SAVED_SEARCH_NAME_MAX * 2 + 40, title: '名称' },
      wants: {
        type: 'array',
        minItems: 1,
        maxItems: 2,
        items: { type: 'string', enum: [...SEARCH_WANTS] },
        title: '通知类型',
        errorMessage: { minItems: '请至少选择新房源或降价中的一项', enum: '通知类型不正确', type: '请至少选择新房源或降价中的一项' },
      },
      sms: onOff,
      back,
    },
    errorMessage: { required: { wants: '请至少选择新房源或降价中的一项', url: '搜索条件不正确' } },
  },
  savedSearchToggle: {
    type: 'object',
    required: ['id', 'enabled'],
    additionalProperties: false,
    properties: { id: { ...rowId, title: '保存的搜索' }, enabled: onOff, back },
  },
  savedSearchDelete: {
    type: 'object',
    required: ['id'],
    additionalProperties: false,
    properties: { id: { ...rowId, title: '保存的搜索' }, back },
  },
  /** One notice read (and, with `back` its target, opened), or all of them without `id`. */
  noticeRead: { type: 'object', additionalProperties: false, properties: { id: { ...rowId, title: '消息' }, back } },
  noticeDelete: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { ...rowId, title: '消息' }, back } },
  noticeSettings: {
    type: 'object',
    additionalProperties: false,
    properties: { sms: onOff, quiet: onOff, quietFrom: clock, quietTo: clock, back },
  },
} as const;

/** The list a URL shows, and its filter tail: null for anything that is not one filtered list of SAVABLE_LISTS or new homes. */
function listOf(url: string): { list: SavedSearchList; tail: string } | null {
  const path = url.split(/[?#]/)[0] as string;
  const lower = `${path.toLowerCase()}${path.endsWith('/') ? '' : '/'}`;
  if (lower.startsWith(XINFANG_BASE)) return { list: 'xinfang', tail: path.slice(XINFANG_BASE.length).replace(/\/$/, '') };
  for (const name of SAVABLE_LISTS) {
    const spec = LIST_SPECS[name];
    if (lower.startsWith(spec.base)) return { list: name, tail: path.slice(spec.base.length).replace(/\/$/, '') };
  }
  return null;
}

/** A gateway refusal of a member's own row: not found (another member's, or gone). */
async function own<T>(ctx: ActionContext, message: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404)
      throw new ActionRefusal('id', message, 404, { location: withQuery(ctx.back, 'error', 'notfound') });
    throw err;
  }
}

interface SearchOfList {
  /** The list's canonical path without page or order: the search. */
  url: string;
  /** The list query's own filter for it (what the list page asks the gateway), without paging or order. */
  filter: SavedSearchInput['filter'];
  /** The name when the member gives none: what the list's heading says. */
  fallback: string;
}

/** A second-hand, rental or commercial list's search (src/lib/list-specs.ts). */
async function listingSearch({ api, call, city }: ActionContext, found: { list: SavedSearchList; tail: string }): Promise<SearchOfList> {
  const spec = LIST_SPECS[found.list as ListName];
  const dict = await api.dictionaries.locations(call, city.cityId);
  const q = parseTail(found.tail, spec.kind, dict);
  if (!q) throw new ActionRefusal('url', '搜索条件不正确', 400);
  q.page = undefined;
  q.sort = undefined;
  const { page: _p, sort: _s, ...filter } = listFilterOf(spec, q, city.cityId);
  return {
    url: listPathOf(spec, q, dict),
    filter,
    fallback: [`${city.name}${locationName(q, dict)}${spec.noun}`, ...filterLabels(q, spec.kind)].join(' '),
  };
}

/** The new-home list's search (src/lib/xinfang-filters.ts, as the list loader reads its URL). */
async function estateSearch({ api, call, city }: ActionContext, tail: string): Promise<SearchOfList> {
  const regions = await api.dictionaries.loupanRegions(call, city.cityId);
  const slugs = slugsOf(regions);
  const f = parseXinfangPath(tail, slugs);
  if (!f || (f.regionId && !regions.some((r) => r.regionId === f.regionId))) throw new ActionRefusal('url', '搜索条件不正确', 400);
  const q = { ...f, page: undefined, sort: undefined };
  const { page: _p, size: _s, sort: _o, ...filter } = toLoupanFilter(q, city.cityId);
  const region = regions.find((r) => r.regionId === f.regionId)?.regionName ?? '';
  return { url: xinfangPath(q, slugs), filter, fallback: `${city.name}${region}${filterWords(q).join('')}新房` };
}

/** POST /-/action/saved-search {url, name, wants, sms}: save the filtered list (the canonical URL is the search). */
const savedSearch = actionHandler<{ url: string; name?: string; wants: Array<'new' | 'drop'>; sms?: '0' | '1' }>({
  check(body) {
    cleanText(body.name, 'name', '名称', 0, SAVED_SEARCH_NAME_MAX, false);
  },
  async run(ctx) {
    const { api, call, body, memberId, city } = ctx;
    const found = listOf(body.url);
    if (!found) throw new ActionRefusal('url', '只能保存新房、二手房、租房和商业房源的列表', 400);
    const { url, filter, fallback } = found.list === 'xinfang' ? await estateSearch(ctx, found.tail) : await listingSearch(ctx, found);
    const name = ((body.name ?? '').trim() || fallback).slice(0, SAVED_SEARCH_NAME_MAX);
    let saved: Awaited<ReturnType<typeof api.notice.saveSearch>>;
    try {
      saved = await api.notice.saveSearch(call, {
        memberId,
        cityId: city.cityId,
        list: found.list,
        url,
        filter,
        name,
        wantNew: body.wants.includes('new'),
        wantDrop: body.wants.includes('drop'),
        sms: body.sms === '1',
      });
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 409) throw new ActionRefusal('url', '最多保存20条搜索，请先在消息中心删除不用的', 409);
      throw err;
    }
    return {
      message: saved?.updated ? '已更新保存的搜索' : '已保存搜索，有新房源或降价时通知您',
      obj: saved,
      location: withQuery(url, 'notice', 'search-saved'),
    };
  },
});

const savedSearchToggle = actionHandler<{ id: number; enabled: '0' | '1' }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    const on = body.enabled === '1';
    const s = await own(ctx, '保存的搜索不存在', api.notice.updateSearch(call, memberId, body.id, { enabled: on }));
    return { message: on ? '已开启通知' : '已关闭通知', obj: s, location: withQuery(back, 'notice', on ? 'search-on' : 'search-off') };
  },
});

const savedSearchDelete = actionHandler<{ id: number }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    await own(ctx, '保存的搜索不存在', api.notice.deleteSearch(call, memberId, body.id));
    return { message: '已删除保存的搜索', obj: { id: body.id }, location: withQuery(back, 'notice', 'search-deleted') };
  },
});

/** POST /-/action/notice-read {id?, back}: one notice read and opened (303 to its target), or all read. */
const noticeRead = actionHandler<{ id?: number }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    const r = await own(ctx, '消息不存在', api.notice.read(call, memberId, body.id));
    if (body.id !== undefined) return { message: '已读', obj: r, location: back };
    return { message: '全部已读', obj: r, location: withQuery(back, 'notice', 'all-read') };
  },
});

const noticeDelete = actionHandler<{ id: number }>({
  async run(ctx) {
    const { api, call, body, memberId, back } = ctx;
    const r = await own(ctx, '消息不存在', api.notice.remove(call, memberId, body.id));
    return { message: '已删除', obj: r, location: withQuery(back, 'notice', 'deleted') };
  },
});

const noticeSettings = actionHandler<{ sms?: '0' | '1'; quiet?: '0' | '1'; quietFrom?: string; quietTo?: string }>({
  check(body) {
    if (body.quiet === '1' && body.quietFrom && body.quietFrom === body.quietTo)
      throw new ActionRefusal('quietTo', '免打扰的开始和结束时间不能相同', 400);
  },
  async run({ api, call, body, memberId, back }) {
    const cur = await api.notice.settings(call, memberId);
    const saved = await api.notice.saveSettings(call, memberId, {
      sms: body.sms === '1',
      quiet: body.quiet === '1',
      quietFrom: body.quietFrom ?? cur?.quietFrom ?? '22:00',
      quietTo: body.quietTo ?? cur?.quietTo ?? '08:00',
    });
    return { message: '设置已保存', obj: saved, location: withQuery(back, 'notice', 'settings') };
  },
});

export const noticeHandlers = { savedSearch, savedSearchToggle, savedSearchDelete, noticeRead, noticeDelete, noticeSettings };
