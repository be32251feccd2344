import type { DongtaiDetailData } from '../../src/contracts/page-data/dongtai.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { DetailBlock } from '../../src/ui/detail/index.ts';
import { AgentRow } from '../../src/ui/xinfang/AgentRow.tsx';
import { EstateItem } from '../../src/ui/xinfang/EstateItem.tsx';

/** /dongtai/{DTid}.html: one news item of an estate (SPEC 7.3 xiangqingContent), the estate and its other news. */
export default function DongtaiDetailPage({ data }: PageProps<DongtaiDetailData>) {
  const { item, estate: e } = data;
  return (
    <article className="xf-page">
      <section className="card xf-sec xf-news">
        <p className="xf-news__kind">{item.kind}</p>
        <h1 className="xf-news__title">{item.title}</h1>
        <p className="xf-news__meta">
          <AppLink href={`/xinfang/${e.houseId}.html`}>{e.name}</AppLink>
          <time>{item.createdAt.slice(0, 16)}</time>
        </p>
        {item.content.split(/\n+/).map((p) => (
          <p key={p} className="xf-news__p">
            {p}
          </p>
        ))}
      </section>
      <DetailBlock title="所属楼盘">
        <EstateItem estate={e} />
      </DetailBlock>
      {data.agent ? (
        <DetailBlock title="咨询置业顾问">
          <AgentRow agent={data.agent} houseId={e.houseId} />
        </DetailBlock>
      ) : null}
      {data.others.length ? (
        <DetailBlock title="更多动态" more={{ href: `/dongtai/${e.houseId}`, label: '全部动态' }}>
          <ul className="xf-newslist">
            {data.others.map((d) => (
              <li key={d.DTid}>
                <AppLink href={`/dongtai/${d.DTid}.html`}>
                  <span className="xf-dtl__kind">{d.kind}</span>
                  <span className="xf-newslist__t">{d.title}</span>
                  <time>{d.createdAt.slice(5, 10)}</time>
                </AppLink>
              </li>
            ))}
          </ul>
        </DetailBlock>
      ) : null}
    </article>
  );
}
