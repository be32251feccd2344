import type { HotWords } from '../../contracts/page-data/shangpu.ts';
import { zhaopuSearchHref } from '../../lib/listing-kinds.ts';
import { AppLink } from '../AppLink.tsx';
import { SearchIcon } from '../icons.tsx';

/** 找铺's keyword box: a plain GET form to /zhaopu/searchList (works before hydration and without JavaScript). */
export function ZhaopuSearchForm({ keyword = '', autoFocus = false }: { keyword?: string; autoFocus?: boolean }) {
  return (
    <form className="lst__search" action="/zhaopu/searchList" method="get" role="search">
      <SearchIcon size={18} />
      <input
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder="输入商圈、街道或业态，如：餐饮"
        aria-label="搜索商铺"
        enterKeyHint="search"
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the search screen exists to type a keyword
        autoFocus={autoFocus}
        maxLength={64}
      />
      <button type="submit">搜索</button>
    </form>
  );
}

/** Hot words of the shop channel: business formats (each a search) and regions (each a filtered list). */
export function ZhaopuWords({ hot }: { hot: HotWords }) {
  return (
    <>
      {hot.formats.length ? (
        <section className="card zp__block">
          <h2 className="zp__title">热门业态</h2>
          <p className="zp__words" data-testid="hot-words">
            {hot.formats.map((w, i) => (
              <AppLink key={w} href={zhaopuSearchHref(w)} className={i < 3 ? 'is-hot' : undefined}>
                {w}
              </AppLink>
            ))}
          </p>
        </section>
      ) : null}
      {hot.regions.length ? (
        <section className="card zp__block">
          <h2 className="zp__title">按区域找铺</h2>
          <p className="zp__words">
            {hot.regions.map((r) => (
              <AppLink key={r.slug} href={`/zhaopu/${r.slug}/`}>
                {r.regionName}
              </AppLink>
            ))}
          </p>
        </section>
      ) : null}
    </>
  );
}
