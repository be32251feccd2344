import type { WendaTiwenData } from '../../src/contracts/page-data/wenda.ts';
import { WENDA_DETAIL_MAX, WENDA_TITLE_MAX, WENDA_TITLE_MIN } from '../../src/lib/wenda.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { typed } from '../../src/ui/personal/FormBits.tsx';
import { WendaForm } from '../../src/ui/wenda/WendaForm.tsx';

/** /wenda/tiwen: ask a question (members only): a title of 5–50 characters, an optional detail, a category. */
export default function WendaTiwenPage({ data: { categories, houseId, form } }: PageProps<WendaTiwenData>) {
  const chosen = typed(form, 'category', houseId ? '楼盘' : '');
  return (
    <div className="wd-page">
      <header className="bk-hero wd-hero">
        <h1>我要提问</h1>
        <p>专业经纪人和热心网友为您解答</p>
      </header>
      <WendaForm action="/-/wenda/ask" page={`/wenda/tiwen${houseId ? `?houseId=${houseId}` : ''}`} form={form} submitLabel="发布问题">
        {houseId ? <input type="hidden" name="houseId" value={houseId} /> : null}
        <label className="fm__field">
          <span>问题标题</span>
          <input
            name="title"
            required
            minLength={WENDA_TITLE_MIN}
            maxLength={WENDA_TITLE_MAX}
            placeholder="例如：首套房公积金最多能贷多少？"
            defaultValue={typed(form, 'title')}
          />
        </label>
        <p className="fm__hint">
          {WENDA_TITLE_MIN}-{WENDA_TITLE_MAX}个字，一句话说清楚您的问题。
        </p>
        <label className="fm__field">
          <span>问题描述（选填）</span>
          <textarea
            name="content"
            rows={5}
            maxLength={WENDA_DETAIL_MAX}
            placeholder="补充预算、区域、家庭情况等，回答会更准确"
            defaultValue={typed(form, 'content')}
          />
        </label>
        <label className="fm__field">
          <span>问题分类</span>
          <select name="category" defaultValue={chosen}>
            <option value="">请选择分类</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </WendaForm>
    </div>
  );
}
