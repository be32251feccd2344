import type { ArticleBlock, InfoComment, InfoFang, XhAccount } from '../gateway/info.ts';

/** The article pages (issue 15): /zixun/, /daogou/, their details, the comments page and an account's page. */

export type ArticleSectionName = 'zixun' | 'daogou';

/** An article as a list card shows it. */
export interface ArticleCard {
  infoDocId: number;
  href: string;
  title: string;
  summary: string;
  cover: string;
  typeName: string | null;
  accountName: string | null;
  viewNum: number;
  commentNum: number;
  createdAt: string;
}

export interface ArticleTab {
  id: number | null;
  name: string;
  href: string;
}

/** /zixun/{ids?}, /daogou/{ids?}: one tab (type) of the section, paged by ?page=. */
export interface ZixunListData {
  section: ArticleSectionName;
  tabs: ArticleTab[];
  typeId: number | null;
  typeName: string | null;
  list: ArticleCard[];
  total: number;
  page: number;
  totalPages: number;
  base: string;
}

/** A member's own state on an article: only in a member's (never cached) render. */
export interface ArticleMe {
  liked: boolean;
  collected: boolean;
  following: boolean;
  /** The hot comments the member liked. */
  likedComments: number[];
  /** The member's comment a plain form post had refused: the message and the text as typed. */
  commentDraft: CommentDraft | null;
}

export interface CommentDraft {
  message: string;
  text: string;
}

/** /zixun/{id}.html, /zixun/details?id=, /daogou/{id}.html, /daogou/details?id=. */
export interface ZixunDetailData {
  section: ArticleSectionName;
  href: string;
  doc: {
    infoDocId: number;
    title: string;
    typeId: number;
    typeName: string | null;
    cover: string;
    author: string;
    source: string;
    tags: string[];
    viewNum: number;
    fabulousNum: number;
    collectNum: number;
    commentNum: number;
    createdAt: string;
    description: string;
  };
  blocks: ArticleBlock[];
  listings: InfoFang[];
  account: XhAccount;
  hotComments: InfoComment[];
  related: ArticleCard[];
  me: ArticleMe | null;
}

/** /zixunpinglun/{id}: every comment of an article, newest or hottest first. */
export interface ZixunCommentsData {
  doc: { infoDocId: number; title: string; href: string; commentNum: number };
  sort: 'new' | 'hot';
  comments: InfoComment[];
  total: number;
  page: number;
  totalPages: number;
  /** The member's id (their comments are deletable) and the comments they liked; null for a visitor. */
  me: { userId: string; liked: number[]; commentDraft: CommentDraft | null } | null;
}

/** /zixun/account/{userName}: a source account, its articles and its follow button. */
export interface ZixunAccountData {
  account: XhAccount;
  list: ArticleCard[];
  total: number;
  page: number;
  totalPages: number;
  /** Whether the member follows it; null for a visitor. */
  following: boolean | null;
}
