import type { XinfangUnreadData } from '../../src/contracts/page-data/im.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ConversationSummary } from '../../src/ui/im/ConversationRow.tsx';
import { useNow } from '../../src/ui/im/use-now.ts';
import { withReturnUrl } from '../../src/ui/paths.ts';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/unreadlist (issue 18): a member's new-home advisers' conversations with unread messages; a visitor is asked to log in. */
export default function XinfangUnreadPage({ data }: PageProps<XinfangUnreadData>) {
  const now = useNow(data.now);
  return (
    <div className="xf-page">
      <XfHero title="未读消息" sub="置业顾问的最新回复" />
      {data.member && data.conversations.length > 0 ? (
        <section className="card xf-sec">
          <ul className="im-list" data-testid="im-list">
            {data.conversations.map((c) => (
              <li key={c.peer} className="im-row" data-testid="im-row">
                <div className="im-row__main">
                  <ConversationSummary c={c} now={now} />
                </div>
              </li>
            ))}
          </ul>
          <div className="xf-empty__actions">
            <AppLink href="/im/list" className="btn btn--ghost btn--sm">
              全部咨询
            </AppLink>
          </div>
        </section>
      ) : (
        <section className="card xf-sec xf-empty">
          {data.member ? (
            <>
              <p className="xf-empty__title">暂无未读消息</p>
              <p className="xf-empty__text">置业顾问回复您时会第一时间通知您</p>
              <div className="xf-empty__actions">
                <AppLink href="/im/list" className="btn btn--ghost btn--sm">
                  我的咨询
                </AppLink>
                <AppLink href="/xinfang/" className="btn btn--primary btn--sm">
                  去看新房
                </AppLink>
              </div>
            </>
          ) : (
            <>
              <p className="xf-empty__title">登录后查看未读消息</p>
              <div className="xf-empty__actions">
                <AppLink href={withReturnUrl('/login', '/xinfang/unreadlist')} className="btn btn--primary btn--sm">
                  去登录
                </AppLink>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
