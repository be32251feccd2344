import type { HuxingDetailData } from '../../src/contracts/page-data/huxing.ts';
import { planStatusLabel } from '../../src/lib/sale-status.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { DetailBlock, KeyFacts } from '../../src/ui/detail/index.ts';
import { LazyImage } from '../../src/ui/LazyImage.tsx';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { PlanCard } from '../../src/ui/xinfang/PlanCard.tsx';
import { SaleBadge } from '../../src/ui/xinfang/SaleBadge.tsx';

/** /huxing/{id}.html: one floor plan (SPEC 3 huxingDetail) with its estate, the other plans and an adviser. */
export default function HuxingDetailPage({ data }: PageProps<HuxingDetailData>) {
  const { plan: p, estate: e } = data;
  return (
    <article className="xf-page xf-hxd">
      <AppLink href={`/huxing/magnifyImg?id=${p.huxingId}`} className="xf-hxd__pic" aria-label="查看大图">
        <LazyImage className="xf-hxd__img" src={p.img} alt={`${e.name}${p.name}户型图`} width={375} height={280} />
        <span className="xf-hxd__zoom">点击看大图</span>
      </AppLink>
      <header className="dt-head">
        <h1 className="dt-head__title">
          {e.name} {p.name}
          <span className={`xf-hx__st${p.status === '在售' ? ' is-on' : ''}`}>{planStatusLabel(p.status)}</span>
        </h1>
        <p className="dt-head__tags">
          {p.tags.map((t) => (
            <span key={t} className="tag tag--hl">
              {t}
            </span>
          ))}
        </p>
      </header>
      <KeyFacts
        headline={[
          { label: '户型', value: p.huxing },
          { label: '建筑面积', value: `${p.area}㎡` },
          { label: '参考总价', value: `${p.totalPrice}万` },
        ]}
        facts={[
          { label: '朝向', value: p.orientation },
          { label: '参考单价', value: e.price ? `${e.price}元/㎡` : '待定' },
          { label: '所属楼盘', value: e.name },
          { label: '楼盘状态', value: <SaleBadge status={e.saleStatus} /> },
        ]}
      />
      <DetailBlock title="户型解析">
        <p className="dt-desc">{p.description}</p>
      </DetailBlock>
      {data.agent ? (
        <DetailBlock title="咨询此户型">
          <AgentRow agent={data.agent} houseId={e.houseId} />
        </DetailBlock>
      ) : null}
      {data.siblings.length ? (
        <DetailBlock title="该楼盘其他户型" more={{ href: `/huxing/lp${e.houseId}/`, label: '全部户型' }}>
          <ul className="xf-plans">
            {data.siblings.map((s) => (
              <li key={s.huxingId}>
                <PlanCard plan={s} estateName={e.name} />
              </li>
            ))}
          </ul>
        </DetailBlock>
      ) : null}
      <AppLink href={`/xinfang/${e.houseId}.html`} className="xf-dt__link card">
        <span>
          <b>{e.name}</b>
          <small>{e.price ? `均价${e.price}元/㎡` : '价格待定'} · 查看楼盘详情</small>
        </span>
        <span aria-hidden="true">›</span>
      </AppLink>
    </article>
  );
}
