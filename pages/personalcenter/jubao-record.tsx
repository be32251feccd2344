import type { ReportRecordsData } from '../../src/contracts/page-data/personal.ts';
import { detailPathOf, kindOfHouseType } from '../../src/lib/listing-kinds.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ActionNotices, RecordAction, StatusTag } from '../../src/ui/personal/FormBits.tsx';

const houseHref = (houseId: number | null, houseType: number | null) =>
  houseId && houseType ? detailPathOf(kindOfHouseType(houseType), houseId) : null;

/** /jubaoRecord: the member's reports (举报) and corrections (纠错) with their status. */
const FLASH: Record<string, string> = { withdrawn: '举报已撤回' };
const ERRORS: Record<string, string> = { notfound: '举报记录不存在或已撤回', conflict: '该举报已在处理，不能撤回' };

export default function JubaoRecordPage({ data, query }: PageProps<ReportRecordsData>) {
  const flash = FLASH[query?.notice ?? ''];
  const error = ERRORS[query?.error ?? ''];
  return (
    <div className="pc">
      <section className="fm pc-form">
        <h1 className="fm__title">我的举报</h1>
        <ActionNotices notice={flash} error={error} testId="report-notice" />
        {data.reports.length ? (
          <ul className="pc-records" data-testid="reports">
            {data.reports.map((r) => {
              const href = houseHref(r.houseId, r.houseType);
              return (
                <li key={r.id} className="pc-record">
                  <div className="pc-record__main">
                    {href ? (
                      <AppLink href={href} className="pc-record__title">
                        {r.title ?? `房源${r.houseId}`}
                      </AppLink>
                    ) : (
                      <span className="pc-record__title">{r.title ?? `房源${r.houseId}`}</span>
                    )}
                    <span className="pc-record__meta">
                      {r.reason} · {r.createdAt.slice(0, 16)}
                    </span>
                    {r.content ? <span className="pc-record__text">{r.content}</span> : null}
                  </div>
                  <div className="pc-record__side">
                    <StatusTag status={r.status} />
                    {r.status === '待处理' ? (
                      <RecordAction action="/-/action/jubao-withdraw" id={r.id} back="/jubaoRecord" label="撤回" testId="report-withdraw" />
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="pc-empty">
            <p>还没有举报记录。发现虚假房源，可在房源详情页底部点“举报”。</p>
            <p>
              <AppLink className="btn btn--ghost btn--sm" href="/ershoufang/">
                去看看二手房
              </AppLink>
            </p>
          </div>
        )}
      </section>
      <section className="fm pc-form">
        <h2 className="fm__title">我的纠错</h2>
        {data.corrections.length ? (
          <ul className="pc-records" data-testid="corrections">
            {data.corrections.map((c) => (
              <li key={c.id} className="pc-record">
                <div className="pc-record__main">
                  <span className="pc-record__title">{c.title ?? '房源纠错'}</span>
                  <span className="pc-record__meta">
                    {c.field ?? '其他'} · {c.createdAt.slice(0, 16)}
                  </span>
                  <span className="pc-record__text">{c.content}</span>
                </div>
                <StatusTag status={c.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="pc-empty">还没有纠错记录。房源的价格、面积、楼层等信息有误时，欢迎提交纠错，核实后我们会及时更正。</p>
        )}
      </section>
    </div>
  );
}
