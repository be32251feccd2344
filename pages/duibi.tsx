import type { MouseEvent } from 'react';
import type { DuibiData } from '../src/contracts/page-data/duibi.ts';
import { COMPARE_MAX, COMPARE_NOUNS } from '../src/lib/compare.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { isMember } from '../src/stores/app-state.ts';
import { useAppState } from '../src/stores/context.tsx';
import { AppLink } from '../src/ui/AppLink.tsx';
import { CompareTable } from '../src/ui/compare/CompareTable.tsx';
import { compareRows } from '../src/ui/compare/rows.ts';

const LIST_OF = { ershoufang: '/ershoufang/', zufang: '/zufang/', xinfang: '/xinfang/' } as const;

/** 清空 with JavaScript: the list is emptied first, then the empty comparison shown (a member's /duibi reads the list). */
const clear = (member: boolean) => (e: MouseEvent) => {
  e.preventDefault();
  void import('../src/client/compare/store.ts').then((m) => m.clearList(member)).finally(() => window.location.assign('/duibi'));
};

/** /duibi (issue 37 part 4): the homes of the URL side by side, or how to add some. */
export default function DuibiPage({ data }: PageProps<DuibiData>) {
  const { user } = useAppState();
  const member = isMember(user);
  const { kind, homes } = data;
  if (!kind || !homes.length) {
    return (
      <div className="cmp">
        <h1 className="cmp__title">房源对比</h1>
        {data.notice ? <p className="cmp__notice">{data.notice}</p> : null}
        <div className="cmp__empty" data-testid="compare-empty">
          <p>还没有加入对比的房源</p>
          <p className="cmp__hint">在二手房、租房或新房的详情页和列表里点“对比”，最多可同时对比{COMPARE_MAX}套同类房源。</p>
          <p className="cmp__links">
            <AppLink className="btn btn--ghost btn--sm" href="/ershoufang/">
              去看二手房
            </AppLink>
            <AppLink className="btn btn--ghost btn--sm" href="/zufang/">
              去看租房
            </AppLink>
            <AppLink className="btn btn--ghost btn--sm" href="/xinfang/">
              去看新房
            </AppLink>
          </p>
        </div>
      </div>
    );
  }
  const noun = COMPARE_NOUNS[kind];
  const rows = compareRows(kind, homes, data.loanTerms);
  return (
    <div className="cmp">
      <h1 className="cmp__title">
        {noun}对比<small>（{homes.length}套）</small>
      </h1>
      {data.notice ? (
        <p className="cmp__notice" role="status">
          {data.notice}
        </p>
      ) : null}
      {data.gone.length ? (
        <p className="cmp__gone" data-testid="compare-gone">
          {data.gone.length}套房源已下架或不存在（编号 {data.gone.join('、')}），未列入对比
        </p>
      ) : null}
      <p className="cmp__legend">
        <span className="cmp__key cmp__key--best">优</span>该项最优 <span className="cmp__key cmp__key--diff" />
        各房源不同 · 左右滑动查看
      </p>
      <CompareTable kind={kind} homes={homes} rows={rows} />
      <p className="cmp__links">
        {homes.length < COMPARE_MAX ? (
          <AppLink className="btn btn--ghost btn--sm" href={LIST_OF[kind]}>
            继续添加{noun}
          </AppLink>
        ) : null}
        <AppLink className="btn btn--ghost btn--sm" href="/duibi" onClick={clear(member)} data-testid="compare-clear">
          清空对比
        </AppLink>
      </p>
      <p className="cmp__share">
        分享这组对比：<span className="cmp__url">{data.shareUrl}</span>
      </p>
    </div>
  );
}
