import { useState } from 'react';
import type { FeedbackPageData, FeedbackRecord } from '../../src/contracts/page-data/personal.ts';
import { FEEDBACK_KINDS, FEEDBACK_MAX, FEEDBACK_MIN } from '../../src/lib/member-forms.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { PhoneInput } from '../../src/ui/PhoneInput.tsx';
import { Done, FormError, StatusTag, typed, useMemberForm } from '../../src/ui/personal/FormBits.tsx';

const SELF = '/yonghufankui';

/** /yonghufankui: feedback (category, 10–500 characters, optional screenshot, contact phone) and the member's earlier ones. */
export default function FeedbackPage({ data }: PageProps<FeedbackPageData>) {
  const [done, setDone] = useState(data.form.ok);
  const [records, setRecords] = useState<FeedbackRecord[]>(data.records);
  const { error, pending, onSubmit } = useMemberForm(data.form, SELF, (_answer, form) => {
    const f = new FormData(form);
    const sent: FeedbackRecord = {
      id: Date.now(),
      kind: String(f.get('kind') || '其他'),
      content: String(f.get('content') ?? '').trim(),
      phone: String(f.get('phone') ?? '') || null,
      images: [],
      status: '已收到',
      createdAt: '刚刚',
    };
    setRecords((list) => [sent, ...list]);
    setDone(true);
  });
  const kind = typed(data.form, 'kind', FEEDBACK_KINDS[0]);
  return (
    <div className="pc">
      {done ? (
        <Done title="反馈已提交">
          <p className="pc-done__text">感谢您的建议！我们会认真阅读每一条反馈，需要时会通过您留下的电话联系您。</p>
          <p className="pc-done__actions">
            <AppLink className="btn btn--ghost" href={SELF} onClick={() => setDone(false)}>
              再写一条
            </AppLink>
            <AppLink className="btn btn--primary" href="/personalcenter">
              返回个人中心
            </AppLink>
          </p>
        </Done>
      ) : (
        <form className="fm pc-form" method="post" action="/-/member/feedback" encType="multipart/form-data" onSubmit={onSubmit} noValidate>
          <h1 className="fm__title">意见反馈</h1>
          <FormError message={error} />
          <input type="hidden" name="back" value={SELF} />
          <fieldset className="fm__field">
            <legend>反馈类型</legend>
            <div className="fm__radios">
              {FEEDBACK_KINDS.map((k) => (
                <label key={k}>
                  <input type="radio" name="kind" value={k} defaultChecked={k === kind} />
                  {k}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="fm__field">
            <span>反馈内容</span>
            <textarea
              name="content"
              required
              minLength={FEEDBACK_MIN}
              maxLength={FEEDBACK_MAX}
              rows={5}
              placeholder={`请描述您遇到的问题或建议（${FEEDBACK_MIN}-${FEEDBACK_MAX}字）`}
              defaultValue={typed(data.form, 'content')}
            />
          </label>
          <label className="fm__field">
            <span>截图（选填，JPG/PNG/WebP，不超过5MB）</span>
            <input type="file" name="screenshot" accept="image/jpeg,image/png,image/webp" />
          </label>
          <label className="fm__field">
            <span>联系电话（选填）</span>
            <PhoneInput pattern="1[3-9][0-9]{9}" defaultValue={typed(data.form, 'phone', data.phone)} />
          </label>
          <button type="submit" className="fm__submit" disabled={pending}>
            {pending ? '提交中…' : '提交反馈'}
          </button>
        </form>
      )}
      <section className="fm pc-form" aria-labelledby="fb-mine">
        <h2 id="fb-mine" className="fm__title">
          我的反馈
        </h2>
        {records.length ? (
          <ul className="pc-records" data-testid="feedback-records">
            {records.map((r) => (
              <li key={r.id} className="pc-record">
                <div className="pc-record__main">
                  <span className="pc-record__meta">
                    {r.kind} · {r.createdAt.slice(0, 16)}
                  </span>
                  <span className="pc-record__text">{r.content}</span>
                  {r.images.length ? (
                    <span className="pc-record__shots">
                      {r.images.map((src) => (
                        <img key={src} src={src} alt="反馈截图" width={56} height={56} loading="lazy" />
                      ))}
                    </span>
                  ) : null}
                </div>
                <StatusTag status={r.status} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="pc-empty">还没有提交过反馈。</p>
        )}
      </section>
    </div>
  );
}
