import type { WendaListData } from '../../src/contracts/page-data/xinfang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useAppState } from '../../src/stores/context.tsx';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { XfHero } from '../../src/ui/xinfang/PageHead.tsx';

/** /xinfang/wendalist?id=: questions about the estate and their answers. */
export default function XinfangWendalistPage({ data }: PageProps<WendaListData>) {
  const { city } = useAppState();
  const name = data.estate?.name ?? `${city.selectCityName}新房`;
  return (
    <div className="xf-page">
      <XfHero
        title={`${name}问答`}
        sub={`共${data.total}个问题`}
        back={data.estate ? { href: `/xinfang/${data.estate.houseId}.html`, label: data.estate.name } : undefined}
      >
        <AppLink href={`/wenda/tiwen${data.estate ? `?houseId=${data.estate.houseId}` : ''}`} className="btn btn--sm xf-hero__btn">
          我要提问
        </AppLink>
      </XfHero>
      <section className="card xf-sec">
        {data.list.length ? (
          <ul className="xf-qa xf-qa--full">
            {data.list.map((q) => (
              <li key={q.id}>
                <AppLink href={`/wenda/${q.id}.html`}>
                  <span className="xf-qa__q">问</span>
                  <span className="xf-qa__body">
                    <b>{q.title}</b>
                    {q.bestAnswer ? <span className="xf-qa__a">{q.bestAnswer}</span> : null}
                    <small>
                      {q.answerCount}个回答 · {q.createdAt.slice(0, 10)}
                    </small>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="dt-empty">还没有人提问，有疑问可以问问置业顾问</p>
        )}
      </section>
      {data.others?.length ? (
        <section className="card xf-sec">
          <h2 className="xf-sec__title">大家都在问</h2>
          <ul className="xf-qa xf-qa--full">
            {data.others.map((q) => (
              <li key={q.id}>
                <AppLink href={`/wenda/${q.id}.html`}>
                  <span className="xf-qa__q">问</span>
                  <span className="xf-qa__body">
                    <b>{q.title}</b>
                    <small>{q.answerCount}个回答</small>
                  </span>
                </AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
