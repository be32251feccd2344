import type { GujiaFormData } from '../../src/contracts/page-data/gujia.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { GjFields } from '../../src/ui/gujia/GjFields.tsx';
import { GUJIA_FORM, pickHref, XiaoquPicker } from '../../src/ui/gujia/XiaoquPicker.tsx';
import { groupDigits } from '../../src/ui/paths.ts';

/** /fangjia/gujia: the free valuation form. First the community (search with suggestions), then the home's traits. */
export default function GujiaPage({ data }: PageProps<GujiaFormData>) {
  const x = data.xiaoqu;
  return (
    <div className="gj">
      <header className="gj-hero">
        <h1 className="gj-hero__title">免费估价</h1>
        <p className="gj-hero__sub">输入小区和房屋信息，一分钟了解您的房子值多少钱</p>
      </header>
      <section className="fm gj-card">
        {x ? (
          <>
            <div className="gj-xq" data-testid="gj-xiaoqu">
              <div>
                <strong className="gj-xq__name">{x.name}</strong>
                <span className="gj-xq__meta">
                  {x.address} · {x.buildYear}年建成 · 参考均价{groupDigits(x.avgPrice)}元/㎡
                </span>
              </div>
              <AppLink href={GUJIA_FORM} className="gj-xq__change">
                换小区
              </AppLink>
            </div>
            <form action="/fangjia/gjinfo" method="get" className="gj-form" data-testid="gj-form">
              <input type="hidden" name="stressId" value={x.stressId} />
              <GjFields fields={data.fields} orientations={data.orientations} decorations={data.decorations} />
              <button type="submit" className="fm__submit">
                开始估价
              </button>
              <p className="fm__hint">估价结果仅供参考，不作为交易依据。</p>
            </form>
          </>
        ) : (
          <>
            <h2 className="gj-card__title">第一步：选择您的小区</h2>
            <XiaoquPicker q={data.q} />
            {data.q && (
              <div className="gj-matches" data-testid="gj-matches">
                {data.matches.length ? (
                  <ul>
                    {data.matches.map((m) => (
                      <li key={m.id}>
                        <AppLink href={pickHref(m.id)}>
                          <strong>{m.title}</strong>
                          <span>{m.subtitle}</span>
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="gj-empty">没有找到“{data.q}”相关的小区，换个名称或拼音试试。</p>
                )}
              </div>
            )}
          </>
        )}
      </section>
      <section className="gj-steps">
        <h2>估价怎么算</h2>
        <ol>
          <li>以小区最近一个月的成交均价为基准</li>
          <li>参考同小区面积相近的在售房源</li>
          <li>按楼层、朝向、装修、房龄和面积逐项调整</li>
        </ol>
        <AppLink href="/gjabout" className="gj-link">
          了解估价方法
        </AppLink>
      </section>
    </div>
  );
}
