import { useState } from 'react';
import type { InfoComment } from '../../src/contracts/gateway/info.ts';
import type { ZixunDetailData } from '../../src/contracts/page-data/zixun.ts';
import { accountHref, commentsHref, SECTION_LABELS } from '../../src/lib/article-sections.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ArticleBody } from '../../src/ui/article/ArticleBody.tsx';
import { ArticleList } from '../../src/ui/article/ArticleCard.tsx';
import { CollectButton, FollowButton, LikeButton } from '../../src/ui/article/actions.tsx';
import { CommentForm, CommentItem, useMemberId } from '../../src/ui/article/comments.tsx';
import { LazyImage } from '../../src/ui/LazyImage.tsx';

/**
 * An article (issue 15): title, source account with its follow button, time, the body (headings, paragraphs,
 * pictures, the estates it mentions), likes and collects, hot comments with the comment form, related articles.
 */
export default function ZixunDetailPage({ data }: PageProps<ZixunDetailData>) {
  const { doc, account, me } = data;
  const memberId = useMemberId();
  const [posted, setPosted] = useState<InfoComment[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const commentCount = doc.commentNum + posted.length - removed.length;
  const shown = [...posted, ...data.hotComments.filter((c) => !posted.some((p) => p.infoCommentId === c.infoCommentId))].filter(
    (c) => !removed.includes(c.infoCommentId),
  );
  return (
    <article className="art-page art-detail">
      <p className="art-crumb">
        <AppLink href={`/${data.section}/`}>{SECTION_LABELS[data.section]}</AppLink>
        {doc.typeName ? (
          <>
            {' › '}
            <AppLink href={`/${data.section}/${doc.typeId}`}>{doc.typeName}</AppLink>
          </>
        ) : null}
      </p>
      <h1 className="art-detail__title">{doc.title}</h1>
      <div className="art-acc">
        <AppLink href={accountHref(account.userName)} className="art-acc__who" data-testid="account-link">
          <LazyImage className="art-acc__avatar" src={account.avatar} alt={account.name} width={36} height={36} eager />
          <span>
            <strong className="art-acc__name">{account.name}</strong>
            <span className="art-acc__meta">
              <time dateTime={doc.createdAt.slice(0, 10)}>{doc.createdAt.slice(0, 16)}</time> · {doc.viewNum}阅读
            </span>
          </span>
        </AppLink>
        <FollowButton accountId={account.accountId} following={me?.following ?? false} />
      </div>
      <ArticleBody blocks={data.blocks} listings={data.listings} />
      <p className="art-detail__src">
        来源：{doc.source}　作者：{doc.author}
      </p>
      <div className="art-acts">
        <LikeButton infoDocId={doc.infoDocId} liked={me?.liked ?? false} count={doc.fabulousNum} />
        <CollectButton infoDocId={doc.infoDocId} collected={me?.collected ?? false} count={doc.collectNum} />
      </div>
      <section className="art-sec" id="comments">
        <h2 className="art-sec__h">
          评论 <span data-testid="comment-count">{commentCount}</span>
        </h2>
        <CommentForm infoDocId={doc.infoDocId} draft={data.me?.commentDraft ?? null} onPosted={(c) => setPosted((p) => [c, ...p])} />
        {shown.length ? (
          <ul className="art-cmts">
            {shown.map((c) => (
              <CommentItem
                key={c.infoCommentId}
                comment={c}
                mine={!!memberId && c.userId === memberId}
                liked={me?.likedComments.includes(c.infoCommentId) ?? false}
                onDeleted={(id) => setRemoved((r) => [...r, id])}
              />
            ))}
          </ul>
        ) : (
          <p className="art-empty">还没有评论，快来抢沙发</p>
        )}
        <AppLink href={commentsHref(doc.infoDocId)} className="art-more" data-testid="all-comments">
          查看全部{commentCount}条评论 ›
        </AppLink>
      </section>
      {data.related.length ? (
        <section className="art-sec">
          <h2 className="art-sec__h">相关文章</h2>
          <ArticleList cards={data.related} />
        </section>
      ) : null}
    </article>
  );
}
