import { useState } from 'react';
import type { InfoComment } from '../../src/contracts/gateway/info.ts';
import type { ZixunCommentsData } from '../../src/contracts/page-data/zixun.ts';
import { commentsHref } from '../../src/lib/article-sections.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { CommentForm, CommentItem, useMemberId } from '../../src/ui/article/comments.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

/** /zixunpinglun/{id}: every comment of an article, newest or hottest first; comment likes; the member's own deletable. */
export default function ZixunCommentsPage({ data }: PageProps<ZixunCommentsData>) {
  const { doc } = data;
  const memberId = useMemberId();
  const [posted, setPosted] = useState<InfoComment[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const liked = new Set(data.me?.liked ?? []);
  const list = [...posted, ...data.comments].filter((c) => !removed.includes(c.infoCommentId));
  const base = commentsHref(doc.infoDocId, data.sort);
  return (
    <div className="art-page">
      <h1 className="art-page__h">
        全部评论 <span data-testid="comment-count">{data.total + posted.length - removed.length}</span>
      </h1>
      <p className="art-cmts__doc">
        <AppLink href={doc.href}>{doc.title}</AppLink>
      </p>
      <nav className="art-tabs" aria-label="排序">
        <AppLink href={commentsHref(doc.infoDocId)} className={`art-tabs__tab${data.sort === 'new' ? ' is-on' : ''}`}>
          最新
        </AppLink>
        <AppLink href={commentsHref(doc.infoDocId, 'hot')} className={`art-tabs__tab${data.sort === 'hot' ? ' is-on' : ''}`}>
          最热
        </AppLink>
      </nav>
      <div id="comments">
        <CommentForm infoDocId={doc.infoDocId} draft={data.me?.commentDraft ?? null} onPosted={(c) => setPosted((p) => [c, ...p])} />
      </div>
      {list.length ? (
        <ul className="art-cmts">
          {list.map((c) => (
            <CommentItem
              key={c.infoCommentId}
              comment={c}
              mine={!!memberId && c.userId === memberId}
              liked={liked.has(c.infoCommentId)}
              onDeleted={(id) => setRemoved((r) => [...r, id])}
            />
          ))}
        </ul>
      ) : (
        <p className="art-empty">还没有评论，快来抢沙发</p>
      )}
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        hrefOf={(n) => (n === 1 ? base : `${base}${base.includes('?') ? '&' : '?'}page=${n}`)}
      />
    </div>
  );
}
