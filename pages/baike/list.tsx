import type { BaikeListData } from '../../src/contracts/page-data/baike.ts';
import { baikeListHref } from '../../src/lib/baike.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { BaikeItem } from '../../src/ui/baike/BaikeItem.tsx';
import { Pagination } from '../../src/ui/list/Pagination.tsx';

/** /baike/ and /baike/{stage}: the knowledge base by stage (买房 贷款 交易 税费 装修 租房), most read first. */
export default function BaikeListPage({ data }: PageProps<BaikeListData>) {
  const { city } = useAppState();
  return (
    <div className="bk-page">
      <header className="bk-hero">
        <h1>{data.stage ? `${data.stage}知识` : `${city.selectCityName}房产百科`}</h1>
        <p>买房、贷款、交易、税费、装修，一步步读懂</p>
        <AppLink href="/zidian" className="bk-hero__link">
          房产词典 ›
        </AppLink>
      </header>
      <nav className="wd-chips" aria-label="阶段">
        <AppLink href={baikeListHref()} className={`wd-chip${data.stage ? '' : ' is-on'}`} aria-current={data.stage ? undefined : 'page'}>
          全部
        </AppLink>
        {data.stages.map((s) => (
          <AppLink
            key={s.id}
            href={baikeListHref(s.name)}
            className={`wd-chip${data.stage === s.name ? ' is-on' : ''}`}
            aria-current={data.stage === s.name ? 'page' : undefined}
          >
            {s.name}
            <small>{s.count}</small>
          </AppLink>
        ))}
      </nav>
      <section className="card">
        <ul className="bk-list">
          {data.list.map((e) => (
            <BaikeItem key={e.id} entry={e} />
          ))}
        </ul>
        {data.list.length ? null : <p className="dt-empty">这个阶段还没有百科文章</p>}
      </section>
      <Pagination page={data.page} totalPages={data.totalPages} hrefOf={(n) => baikeListHref(data.stage ?? undefined, n)} />
    </div>
  );
}
