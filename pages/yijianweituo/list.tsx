import type { EntrustListData } from '../../src/contracts/page-data/entrust.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { EntrustRow } from '../../src/ui/entrust/EntrustBits.tsx';

/** /Index/yijianweituo/list: the member's entrustments with their state. */
export default function EntrustListPage({ data }: PageProps<EntrustListData>) {
  return (
    <div className="wt">
      <section className="wt-card">
        <h1 className="fm__title">我的委托</h1>
        {data.list.length ? (
          <ul className="wt-list" data-testid="entrust-list">
            {data.list.map((e) => (
              <EntrustRow key={e.id} e={e} />
            ))}
          </ul>
        ) : (
          <div className="pc-empty" data-testid="empty">
            <p>您还没有委托。</p>
            <p>
              <AppLink className="btn btn--primary btn--sm" href="/Index/yijianweituo">
                去委托
              </AppLink>
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
