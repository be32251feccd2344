import type { ValuationListData } from '../../src/contracts/page-data/personal.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ActionNotices, RecordAction } from '../../src/ui/personal/FormBits.tsx';

/** /gujiajilu: the member's valuations, newest first; filled by the valuation pages (/fangjia/gujia). */
const FLASH: Record<string, string> = { deleted: '估价记录已删除' };
const ERRORS: Record<string, string> = { notfound: '估价记录不存在或已删除' };

export default function GujiajiluPage({ data, query }: PageProps<ValuationListData>) {
  const flash = FLASH[query?.notice ?? ''];
  const error = ERRORS[query?.error ?? ''];
  return (
    <div className="pc">
      <section className="fm pc-form">
        <h1 className="fm__title">我的估价记录</h1>
        <ActionNotices notice={flash} error={error} testId="valuation-notice" />
        {data.records.length ? (
          <ul className="pc-records" data-testid="valuations">
            {data.records.map((r) => (
              <li key={r.id} className="pc-record">
                <div className="pc-record__main">
                  <AppLink href={`/fangjia/gjinfo?id=${r.id}`} className="pc-record__title">
                    {r.xiaoquName}
                  </AppLink>
                  <span className="pc-record__meta">
                    {r.area}㎡ · 单价{r.unitPrice.toLocaleString('zh-CN')}元/㎡ · {r.createdAt.slice(0, 10)}
                  </span>
                </div>
                <div className="pc-record__side">
                  <strong className="pc-record__price">{r.totalPrice}万</strong>
                  <RecordAction
                    action="/-/action/gujia-delete"
                    id={r.id}
                    back="/gujiajilu"
                    label="删除"
                    testId="valuation-delete"
                    ariaLabel={`删除${r.xiaoquName}的估价记录`}
                  />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="pc-empty" data-testid="empty">
            <p>您还没有估价记录。</p>
            <p>想知道自己的房子值多少钱？输入小区和面积，一分钟就能得到参考价，每次估价都会保存在这里，方便您随时对比。</p>
            <p>
              <AppLink className="btn btn--primary btn--sm" href="/fangjia/gujia">
                去估个价
              </AppLink>
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
