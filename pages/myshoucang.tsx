import type { MyShoucangData } from '../src/contracts/page-data/member.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';
import { SavedItemCard, savedKeyOf } from '../src/ui/personal/SavedItemCard.tsx';

const TABS = [
  { kind: null, label: '全部' },
  { kind: 'ershoufang', label: '二手房' },
  { kind: 'rent', label: '租房' },
  { kind: 'newhouse', label: '新房' },
  { kind: 'xiaoqu', label: '小区' },
  { kind: 'overseas', label: '海外' },
] as const;

/** Where an empty tab sends the member next. */
const NEXT: Record<string, { text: string; href: string; label: string }> = {
  all: { text: '还没有收藏，去看看二手房，遇到喜欢的点“收藏”就会保存在这里', href: '/ershoufang/', label: '去看看二手房' },
  ershoufang: { text: '还没有收藏二手房，去看看在售房源吧', href: '/ershoufang/', label: '去看看二手房' },
  rent: { text: '还没有收藏租房，去看看出租房源吧', href: '/zufang/', label: '去看看租房' },
  newhouse: { text: '还没有收藏新房，去看看在售楼盘吧', href: '/xinfang/', label: '去看看新房' },
  xiaoqu: { text: '还没有收藏小区，去找找心仪的小区吧', href: '/xiaoqu/', label: '去看看小区' },
  overseas: { text: '还没有收藏海外房产，去看看海外房源吧', href: '/haiwai/', label: '去看看海外房产' },
};

/** A tab's address, with 降价优先 kept. */
function hrefOf(kind: string | null, sort: 'drop' | null): string {
  const q = new URLSearchParams();
  if (kind) q.set('kind', kind);
  if (sort) q.set('sort', sort);
  const s = q.toString();
  return s ? `/myshoucang?${s}` : '/myshoucang';
}

const NOTICES: Record<string, string> = { unfavourited: '已取消收藏', removed: '已删除所选收藏' };

/**
 * /myshoucang: the member's favourites (member-only). Each item has a 取消收藏 button (a plain form post to
 * /-/action/favourite with op=remove); 编辑 shows a checkbox per item and 删除所选 (/-/action/favourite-batch). The
 * 编辑 switch is a checkbox the stylesheet reads, so the edit mode works without JavaScript.
 */
export default function MyShoucangPage({ data, query }: PageProps<MyShoucangData>) {
  const self = hrefOf(data.kind, data.sort ?? null);
  const drops = data.entries.filter((e) => e.drop).length;
  const notice = NOTICES[query?.notice ?? ''];
  const next = NEXT[data.kind ?? 'all'] ?? NEXT.all;
  return (
    <div className="fav">
      <div className="fav__head">
        <h1 className="fav__title">我的收藏</h1>
        {data.entries.length ? (
          <label className="fav__edit" htmlFor="fav-edit" data-testid="fav-edit">
            <span className="fav__edit-on">编辑</span>
            <span className="fav__edit-off">完成</span>
          </label>
        ) : null}
      </div>
      <nav className="fav__tabs" aria-label="收藏类型">
        {TABS.map((t) => (
          <AppLink
            key={t.label}
            href={t.kind ? `/myshoucang?kind=${t.kind}` : '/myshoucang'}
            className={data.kind === t.kind ? 'is-on' : ''}
          >
            {t.kind ? `${t.label}(${data.counts[t.kind]})` : t.label}
          </AppLink>
        ))}
      </nav>
      {data.entries.length ? (
        <nav className="fav__sort" aria-label="排序">
          <AppLink href={hrefOf(data.kind, null)} className={data.sort ? '' : 'is-on'}>
            默认
          </AppLink>
          <AppLink href={hrefOf(data.kind, 'drop')} className={data.sort ? 'is-on' : ''} data-testid="fav-sort-drop">
            降价优先{drops ? `(${drops})` : ''}
          </AppLink>
        </nav>
      ) : null}
      {notice ? (
        <p className="pc-flash" role="status" data-testid="fav-notice">
          {notice}
        </p>
      ) : null}
      {data.entries.length ? (
        <>
          <input type="checkbox" id="fav-edit" className="fav__toggle" aria-label="编辑收藏" />
          <ul className="lst__list fav__list" data-testid="favourites">
            {data.entries.map((e) => {
              const k = savedKeyOf(e);
              const formId = `fav-rm-${k.kind}-${k.id}`;
              return (
                <li key={formId} className="fav__item">
                  <label className="fav__pick">
                    <input type="checkbox" name="item" value={`${k.kind}:${k.id}`} form="fav-batch" aria-label="选择" />
                  </label>
                  <div className="fav__card">
                    <SavedItemCard e={e} />
                    {e.drop ? (
                      <p className="fav__drop" data-testid="fav-drop">
                        <b>
                          降价{e.drop.amount}
                          {e.drop.unit}
                        </b>
                        <span>
                          收藏时{e.drop.from}
                          {e.drop.unit} → 现{e.drop.to}
                          {e.drop.unit}
                        </span>
                      </p>
                    ) : null}
                  </div>
                  <button type="submit" form={formId} className="fav__remove" data-testid="fav-remove">
                    取消收藏
                  </button>
                </li>
              );
            })}
          </ul>
          {data.entries.map((e) => {
            const k = savedKeyOf(e);
            return (
              <form key={k.kind + k.id} id={`fav-rm-${k.kind}-${k.id}`} method="post" action="/-/action/favourite" hidden>
                <input type="hidden" name="houseId" value={k.id} />
                <input type="hidden" name="kind" value={k.kind} />
                <input type="hidden" name="op" value="remove" />
                <input type="hidden" name="back" value={self} />
              </form>
            );
          })}
          <form id="fav-batch" className="fav__batch" method="post" action="/-/action/favourite-batch">
            <input type="hidden" name="back" value={self} />
            <span className="fav__batch-hint">勾选要删除的收藏</span>
            <button type="submit" className="btn btn--primary btn--sm" data-testid="fav-batch-submit">
              删除所选
            </button>
          </form>
        </>
      ) : (
        <div className="lst__empty" data-testid="fav-empty">
          <p>{next.text}</p>
          <p>
            <AppLink className="btn btn--ghost btn--sm" href={next.href}>
              {next.label}
            </AppLink>
          </p>
        </div>
      )}
    </div>
  );
}
