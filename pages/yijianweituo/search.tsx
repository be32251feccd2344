import type { EntrustSearchData } from '../../src/contracts/page-data/entrust.ts';
import { kindName } from '../../src/lib/entrust-steps.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { StepBar } from '../../src/ui/entrust/EntrustBits.tsx';

/** /Index/yijianweituo/search: find the community by name or pinyin (sdy → 时代苑), then go on to the address. */
export default function EntrustSearchPage({ data }: PageProps<EntrustSearchData>) {
  const kind = data.draft.kind;
  return (
    <div className="wt">
      <StepBar step="search" />
      <form className="fm wt-form" method="get" action="/Index/yijianweituo/search" role="search">
        <h1 className="fm__title">委托{kindName(kind)}：您的房子在哪个小区？</h1>
        <input type="hidden" name="kind" value={kind} />
        <label className="fm__field">
          <span>小区名称</span>
          <input name="q" type="search" defaultValue={data.keyword} placeholder="输入小区名或拼音，如 时代苑 / sdy" autoComplete="off" />
        </label>
        <button className="btn btn--primary btn--block" type="submit">
          搜索小区
        </button>
      </form>
      {data.keyword ? (
        data.hits.length ? (
          <ul className="wt-hits" data-testid="xiaoqu-hits">
            {data.hits.map((h) => (
              <li key={h.stressId}>
                <AppLink href={`/Index/yijianweituo/address?kind=${kind}&stressId=${h.stressId}`}>
                  <strong>{h.title}</strong>
                  <span>{h.subtitle}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="wt-muted wt-center">没有找到“{data.keyword}”，换个名字或拼音首字母试试。</p>
        )
      ) : null}
    </div>
  );
}
