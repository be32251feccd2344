import type { KnockdownData } from '../../src/contracts/page-data/apph5.ts';
import { DEAL_KIND_LABELS, type DealKind, knockdownHref } from '../../src/lib/knockdown-tail.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { DealRow } from '../../src/ui/apph5/DealRow.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

const KINDS: DealKind[] = ['all', 'es', 'zf'];

/** /appH5/knockdown/*: recent deals by district, community and kind, newest first, paged. */
export default function KnockdownPage({ data: d }: PageProps<KnockdownData>) {
  const where = d.xiaoquName ?? d.regionName ?? '全城';
  const here = { regionId: d.regionId, stressId: d.stressId, kind: d.kind };
  return (
    <div className="ah-page">
      <section className="card ah-sum">
        <h2 className="ah-sum__title">{where}成交记录</h2>
        <dl className="ah-sum__stats">
          <div>
            <dt>成交套数</dt>
            <dd>{d.deals.totalElements}</dd>
          </div>
          <div>
            <dt>成交均价</dt>
            <dd>{d.avgUnitPrice ? `${groupDigits(d.avgUnitPrice)}元/㎡` : '—'}</dd>
          </div>
          <div>
            <dt>平均周期</dt>
            <dd>{d.avgDays !== null ? `${d.avgDays}天` : '—'}</dd>
          </div>
        </dl>
      </section>
      <nav className="ah-chips" aria-label="区域">
        <AppLink href={knockdownHref({ kind: d.kind })} className={`ah-chip${d.regionId ? '' : ' is-on'}`}>
          全城
        </AppLink>
        {d.regions.map((r) => (
          <AppLink
            key={r.regionId}
            href={knockdownHref({ regionId: r.regionId, kind: d.kind })}
            className={`ah-chip${d.regionId === r.regionId ? ' is-on' : ''}`}
          >
            {r.regionName}
          </AppLink>
        ))}
      </nav>
      <nav className="ah-tabs" aria-label="类型">
        {KINDS.map((k) => (
          <AppLink key={k} href={knockdownHref({ ...here, kind: k })} className={`ah-tab${d.kind === k ? ' is-on' : ''}`}>
            {DEAL_KIND_LABELS[k]}
          </AppLink>
        ))}
      </nav>
      {d.xiaoquName ? (
        <p className="ah-note">
          {d.xiaoquName}的成交记录 ·{' '}
          <AppLink href={knockdownHref({ regionId: d.regionId, kind: d.kind })}>查看{d.regionName ?? '全城'}全部</AppLink>
        </p>
      ) : null}
      <section className="card ah-sec">
        {d.deals.content.length ? (
          <ul className="ah-deals">
            {d.deals.content.map((deal) => (
              <DealRow key={deal.dealId} deal={deal} linkCommunity={!d.stressId} />
            ))}
          </ul>
        ) : (
          <p className="ah-empty">该条件下暂无成交记录</p>
        )}
      </section>
      <Pagination page={d.page} totalPages={d.deals.totalPages} hrefOf={(p) => knockdownHref({ ...here, page: p })} />
    </div>
  );
}
