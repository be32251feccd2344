/**
 * The two article sections (issue 15, SPEC 2.3/2.4): news (/zixun/) and buying guides (/daogou/) share the article
 * machinery and differ by the article types they hold. One rule for which section an article belongs to, so every
 * link to an article (lists, account pages, related articles) reaches its canonical address.
 */
export type ArticleSection = 'zixun' | 'daogou';

/** The info types (api/info/getInfoTypeListByArr) of each section, in tab order. */
export const SECTION_TYPES: Readonly<Record<ArticleSection, readonly number[]>> = {
  zixun: [1, 2, 4, 6, 5],
  daogou: [3, 7, 8],
};

export const SECTION_LABELS: Readonly<Record<ArticleSection, string>> = { zixun: '资讯', daogou: '导购' };

export const isArticleSection = (v: unknown): v is ArticleSection => v === 'zixun' || v === 'daogou';

/** The section an article of type `typeId` belongs to. */
export const sectionOfType = (typeId: number): ArticleSection => (SECTION_TYPES.daogou.includes(typeId) ? 'daogou' : 'zixun');

/** The canonical address of an article. */
export const articleHref = (doc: { infoDocId: number; typeId: number }): string => `/${sectionOfType(doc.typeId)}/${doc.infoDocId}.html`;

/** The comments page of an article. */
export const commentsHref = (infoDocId: number, sort: 'new' | 'hot' = 'new'): string =>
  sort === 'hot' ? `/zixunpinglun/${infoDocId}?sort=hot` : `/zixunpinglun/${infoDocId}`;

/** An article source account's page (its user name is [A-Za-z0-9_-]). */
export const accountHref = (userName: string): string => `/zixun/account/${userName}`;
export const ACCOUNT_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/** Comments: 2 to 500 characters once trimmed; at most 5 a minute per member. */
export const COMMENT_MIN = 2;
export const COMMENT_MAX = 500;
export const COMMENTS_PER_MINUTE = 5;

/** The form name of a refused comment's draft (src/form-drafts.ts), which the article and comments pages read back. */
export const COMMENT_DRAFT_FORM = 'info-comment';
