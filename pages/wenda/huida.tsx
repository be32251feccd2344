import type { WendaHuidaData } from '../../src/contracts/page-data/wenda.ts';
import { huidaHref, WENDA_ANSWER_MAX, WENDA_ANSWER_MIN, wendaHref } from '../../src/lib/wenda.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { typed } from '../../src/ui/personal/FormBits.tsx';
import { WendaForm } from '../../src/ui/wenda/WendaForm.tsx';

/** /wenda/huida/{id}.html: answer a question (members only), 2–500 characters. */
export default function WendaHuidaPage({ data: { question: q, form } }: PageProps<WendaHuidaData>) {
  return (
    <div className="wd-page">
      <section className="card wd-question">
        <p className="wd-question__label">回答问题</p>
        <h1 className="wd-question__title">
          <AppLink href={wendaHref(q.id)}>{q.title}</AppLink>
        </h1>
        <p className="wd-question__meta">已有{q.answers.length}个回答</p>
      </section>
      <WendaForm action="/-/wenda/answer" page={huidaHref(q.id)} form={form} submitLabel="发布回答">
        <input type="hidden" name="wendaId" value={q.id} />
        <label className="fm__field">
          <span>您的回答</span>
          <textarea
            name="content"
            rows={8}
            required
            minLength={WENDA_ANSWER_MIN}
            maxLength={WENDA_ANSWER_MAX}
            placeholder="分享您的经验和见解，帮助提问的人"
            defaultValue={typed(form, 'content')}
          />
        </label>
        <p className="fm__hint">
          {WENDA_ANSWER_MIN}-{WENDA_ANSWER_MAX}个字。请勿发布广告、联系方式或与问题无关的内容。
        </p>
      </WendaForm>
    </div>
  );
}
