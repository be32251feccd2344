/** An article (资讯) as a list item. */
export interface InfoDoc {
  infoDocId: number;
  id: number;
  title: string;
  summary: string;
  cover: string;
  author: string;
  source: string;
  tags: string[];
  typeId: number;
  typeName: string | null;
  accountId: number;
  accountName: string | null;
  viewNum: number;
  fabulousNum: number;
  collectNum: number;
  commentNum: number;
  cityId: number;
  /** The estate the article is about, if any. */
  houseId: number | null;
  createdAt: string;
}

export interface InfoComment {
  infoCommentId: number;
  infoDocId: number;
  userId: string;
  nickName: string;
  headUrl: string;
  content: string;
  fabulousNum: number;
  parentId: number | null;
  createdAt: string;
}

/** The account (小号) an article is published under. */
export interface XhAccount {
  accountId: number;
  userName: string;
  name: string;
  avatar: string;
  intro: string;
  fans: number;
}

/** One block of an article's body: trusted structured content, rendered by React (never an HTML string). */
export type ArticleBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'image'; src: string; alt: string }
  | { type: 'listing'; houseId: number };

/** An estate an article mentions, as its card shows it (house service info/InfoFangList). */
export interface InfoFang {
  houseId: number;
  name: string;
  img: string;
  regionName: string | null;
  avgPrice: number;
  saleStatus: string;
  tags: string[];
}

export interface InfoDocDetail extends InfoDoc {
  /** The body as plain text (headings and paragraphs). */
  content: string;
  blocks: ArticleBlock[];
  isFabulous: boolean;
  isCollect: boolean;
  isFollow: boolean;
  account: XhAccount;
  hotComments: InfoComment[];
}

export interface WendaItem {
  id: number;
  cityId: number;
  category: string;
  houseId: number | null;
  stressId: number | null;
  title: string;
  content: string;
  userId: string;
  nickName: string;
  viewNum: number;
  answerCount: number;
  createdAt: string;
  bestAnswer?: string | null;
}

export interface WendaAnswer {
  id: number;
  content: string;
  likes: number;
  createdAt: string;
  nickName: string;
  userId: string | null;
  belongerId: number | null;
  belongerName: string | null;
  portrait: string | null;
  uid: string | null;
}

export interface BaikeItem {
  id: number;
  category: string;
  title: string;
  summary: string;
  viewNum: number;
  createdAt: string;
  cityId?: number;
}

/** One block of a knowledge entry's body: plain text, rendered by React (never markup). */
export interface BaikeBlock {
  type: 'h2' | 'p';
  text: string;
}

/** A knowledge entry with its body and the most read entries of its stage. */
export interface BaikeDetail extends BaikeItem {
  cityId: number;
  blocks: BaikeBlock[];
  related: BaikeItem[];
}

/** A stage of the knowledge base and how many entries it holds. */
export interface BaikeStageCount {
  id: number;
  name: string;
  count: number;
}

/** A glossary term: its first letter, a short definition, the knowledge entry it links to. */
export interface GlossaryTerm {
  id: number;
  term: string;
  letter: string;
  definition: string;
  baikeId: number | null;
}

/** A question with its answers, most liked first. */
export interface WendaDetail extends WendaItem {
  answers: WendaAnswer[];
}

/** An answer's likes after a member's like (a second like by the same member adds nothing). */
export interface WendaLike {
  likes: number;
  liked: boolean;
  added: boolean;
}
