import type { InfoDoc } from '../contracts/gateway/info.ts';
import type {
  ArticleCard,
  ArticleSectionName,
  CommentDraft,
  ZixunAccountData,
  ZixunCommentsData,
  ZixunDetailData,
  ZixunListData,
} from '../contracts/page-data/zixun.ts';
import { errors } from '../errors.ts';
import { articleHref, COMMENT_DRAFT_FORM, isArticleSection, SECTION_TYPES, sectionOfType } from '../lib/article-sections.ts';
import { parseId } from '../lib/ids.ts';
import { zixunAccountMeta, zixunCommentsMeta, zixunDetailMeta, zixunListMeta } from '../meta/zixun.ts';
import { type LoadResult, type PageContext, pageLoader } from '../pipeline/types.ts';
import { orNotFound } from './listing-common.ts';
import { optional } from './optional.ts';

/**
 * Articles (issue 15; SPEC 2.3, 2.4, 7.10): the news and buying-guide sections (/zixun/{ids?}, /daogou/{ids?}) by
 * type tabs, an article (/zixun/{id}.html and its twins), its comments (/zixunpinglun/{id}) and a source account's
 * page (/zixun/account/{userName}). The section is the registry's `params.section`. Loads only: heads are
 * src/meta/zixun.ts. A member's own state (liked, collected, following, their comments) is loaded only for a
 * member's request, which the page cache never reads nor fills: a visitor's render is the same for everyone.
 */

const LIST_SIZE = 10;
const COMMENTS_SIZE = 20;
const ACCOUNT_SIZE = 10;
const HOT_COMMENTS = 3;
const RELATED = 5;

const sectionOf = (ctx: PageContext): ArticleSectionName => {
  const s = ctx.page.params?.section;
  return isArticleSection(s) ? s : 'zixun';
};

/** The member's id as the info calls take it, or null for a visitor. */
const memberIdOf = (ctx: PageContext): string | null => {
  const id = ctx.user?.uid || ctx.user?.userId || '';
  return /^[A-Za-z0-9_-]{1,40}$/.test(id) ? id : null;
};

/** The member's comment a plain form post had refused (the comment action keeps it; taken once). */
async function commentDraftOf(ctx: PageContext, member: string | null): Promise<CommentDraft | null> {
  if (!member) return null;
  const draft = await ctx.req.server.formDrafts.take(ctx.req, ctx.reply, COMMENT_DRAFT_FORM, member);
  const text = draft?.values.content;
  return draft ? { message: draft.message, text: typeof text === 'string' ? text : '' } : null;
}

/** `?page=` (1 when absent); a malformed one is the 404 screen. */
function pageOf(ctx: PageContext): number {
  if (ctx.query.page === undefined) return 1;
  const page = parseId(ctx.query.page);
  if (page === null) throw errors.pageNotFound();
  return page;
}

export const articleCardOf = (d: InfoDoc): ArticleCard => ({
  infoDocId: d.infoDocId,
  href: articleHref(d),
  title: d.title,
  summary: d.summary,
  cover: d.cover,
  typeName: d.typeName,
  accountName: d.accountName,
  viewNum: d.viewNum,
  commentNum: d.commentNum,
  createdAt: d.createdAt,
});

/** /zixun/{ids?}, /daogou/{ids?}: the section's type tabs and one tab's articles, newest first. */
async function loadList(ctx: PageContext): Promise<LoadResult<ZixunListData>> {
  const section = sectionOf(ctx);
  const allowed = SECTION_TYPES[section];
  const raw = ctx.params.ids;
  const typeId = raw === undefined || raw === '' ? null : parseId(raw);
  if (raw && (typeId === null || !allowed.includes(typeId))) throw errors.pageNotFound();
  const page = pageOf(ctx);
  const [types, res] = await Promise.all([
    ctx.api.info.types(ctx.call, [...allowed]),
    ctx.api.info.docList(ctx.call, {
      cityId: ctx.city.cityId,
      ...(typeId ? { typeId } : { typeIds: [...allowed] }),
      page,
      size: LIST_SIZE,
    }),
  ]);
  const list = res.content;
  const total = res.totalElements;
  const totalPages = Math.max(1, Math.ceil(total / LIST_SIZE));
  if (page > totalPages) throw errors.pageNotFound();
  const byId = new Map(types.map((t) => [t.id, t.name]));
  const base = `/${section}/`;
  return {
    data: {
      section,
      tabs: [
        { id: null, name: '推荐', href: base },
        ...allowed.filter((t) => byId.has(t)).map((t) => ({ id: t, name: byId.get(t) as string, href: `${base}${t}` })),
      ],
      typeId,
      typeName: typeId ? (byId.get(typeId) ?? null) : null,
      list: list.map(articleCardOf),
      total,
      page,
      totalPages,
      base: typeId ? `${base}${typeId}` : base,
    },
  };
}
export const zixunList = pageLoader(loadList, zixunListMeta);

/** An article of this city and this section, with the member's own state when the request is a member's. */
async function loadArticle(ctx: PageContext, id: number) {
  const member = memberIdOf(ctx);
  const doc = await orNotFound(ctx.api.info.docDetails(ctx.call, id, member ?? 0));
  if (doc.cityId !== ctx.city.cityId) throw errors.pageNotFound();
  return { doc, member };
}

/** /zixun/{id}.html, /zixun/details?id= (and /daogou/…): the article, its listings, hot comments and related ones. */
async function loadDetail(ctx: PageContext): Promise<LoadResult<ZixunDetailData>> {
  const section = sectionOf(ctx);
  const id = parseId(ctx.params.id ?? ctx.query.id);
  if (id === null) throw errors.pageNotFound();
  const { doc, member } = await loadArticle(ctx, id);
  if (sectionOfType(doc.typeId) !== section) throw errors.pageNotFound();
  const [listings, related, commentLikes, hotComments] = await Promise.all([
    optional(ctx, 'info.articleListings', ctx.api.info.articleListings(ctx.call, id, ctx.city.cityId), []),
    optional(
      ctx,
      'info.docList',
      ctx.api.info.docList(ctx.call, { cityId: ctx.city.cityId, typeId: doc.typeId, page: 1, size: RELATED + 1 }),
      null,
    ),
    member ? optional(ctx, 'info.commentLikes', ctx.api.info.commentLikes(ctx.call, id, member), []) : Promise.resolve([]),
    optional(ctx, 'info.hotComments', ctx.api.info.hotComments(ctx.call, id, HOT_COMMENTS), doc.hotComments ?? []),
  ]);
  const description = doc.content.replace(/\s+/g, ' ').slice(0, 110);
  return {
    data: {
      section,
      href: articleHref(doc),
      doc: {
        infoDocId: doc.infoDocId,
        title: doc.title,
        typeId: doc.typeId,
        typeName: doc.typeName,
        cover: doc.cover,
        author: doc.author,
        source: doc.source,
        tags: doc.tags,
        viewNum: doc.viewNum,
        fabulousNum: doc.fabulousNum,
        collectNum: doc.collectNum,
        commentNum: doc.commentNum,
        createdAt: doc.createdAt,
        description,
      },
      blocks: doc.blocks ?? [],
      listings,
      account: doc.account,
      hotComments: hotComments.slice(0, HOT_COMMENTS),
      related: (related?.content ?? [])
        .filter((d) => d.infoDocId !== id)
        .slice(0, RELATED)
        .map(articleCardOf),
      me: member
        ? {
            liked: doc.isFabulous,
            collected: doc.isCollect,
            following: doc.isFollow,
            likedComments: commentLikes.filter((l) => l.isFabulous).map((l) => l.infoCommentId),
            commentDraft: await commentDraftOf(ctx, member),
          }
        : null,
    },
  };
}
export const zixunDetail = pageLoader(loadDetail, zixunDetailMeta);

/** /zixunpinglun/{id}?sort=hot&page=: every comment of an article; a member sees which they liked and may delete theirs. */
async function loadComments(ctx: PageContext): Promise<LoadResult<ZixunCommentsData>> {
  const id = parseId(ctx.params.id ?? ctx.query.id);
  if (id === null) throw errors.pageNotFound();
  const sort = ctx.query.sort === 'hot' ? 'hot' : 'new';
  if (ctx.query.sort !== undefined && ctx.query.sort !== 'hot' && ctx.query.sort !== 'new') throw errors.pageNotFound();
  const page = pageOf(ctx);
  const { doc, member } = await loadArticle(ctx, id);
  const [res, likes] = await Promise.all([
    ctx.api.info.comments(ctx.call, { infoDocId: id, sort, page, size: COMMENTS_SIZE }),
    member ? optional(ctx, 'info.commentLikes', ctx.api.info.commentLikes(ctx.call, id, member), []) : Promise.resolve([]),
  ]);
  const totalPages = Math.max(1, res.totalPages);
  if (page > totalPages) throw errors.pageNotFound();
  return {
    data: {
      doc: { infoDocId: doc.infoDocId, title: doc.title, href: articleHref(doc), commentNum: doc.commentNum },
      sort,
      comments: res.content,
      total: res.totalElements,
      page,
      totalPages,
      me: member
        ? {
            userId: member,
            liked: likes.filter((l) => l.isFabulous).map((l) => l.infoCommentId),
            commentDraft: await commentDraftOf(ctx, member),
          }
        : null,
    },
  };
}
export const zixunComments = pageLoader(loadComments, zixunCommentsMeta);

/** /zixun/account/{userName}: a source account (xhaccount/findByUserName), its articles (contentByPage), follow. */
async function loadAccount(ctx: PageContext): Promise<LoadResult<ZixunAccountData>> {
  const userName = ctx.params.userName ?? '';
  const page = pageOf(ctx);
  const account = await orNotFound(ctx.api.info.accountByUserName(ctx.call, userName));
  const member = memberIdOf(ctx);
  const [content, following] = await Promise.all([
    ctx.api.info.accountContent(ctx.call, { accountId: account.accountId, page, size: ACCOUNT_SIZE }),
    member ? ctx.api.info.isFollow(ctx.call, account.accountId, member) : Promise.resolve(null),
  ]);
  const totalPages = Math.max(1, content.page.totalPages);
  if (page > totalPages) throw errors.pageNotFound();
  return {
    data: {
      account: content.account ?? account,
      list: content.page.content.map(articleCardOf),
      total: content.page.totalElements,
      page,
      totalPages,
      following,
    },
  };
}
export const zixunAccount = pageLoader(loadAccount, zixunAccountMeta);
