import type { ZhaopuSearchData } from '../../src/contracts/page-data/shangpu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';
import { ZhaopuSearchForm, ZhaopuWords } from '../../src/ui/list/ZhaopuSearch.tsx';

/** /zhaopu/search: a keyword (GET to /zhaopu/searchList), hot business formats, regions to browse. */
export default function ZhaopuSearchPage({ data }: PageProps<ZhaopuSearchData>) {
  return (
    <div className="zp">
      <div className="lst__top">
        <h1 className="zp__h1">搜索商铺</h1>
        <ZhaopuSearchForm autoFocus />
      </div>
      <ZhaopuWords hot={data} />
      <section className="card zp__block">
        <h2 className="zp__title">按类型找</h2>
        <p className="zp__words">
          <AppLink href="/zhaopu/ty1/">商铺出租</AppLink>
          <AppLink href="/zhaopu/ty2/">商铺出售</AppLink>
          <AppLink href="/xieziloucz/">写字楼出租</AppLink>
          <AppLink href="/xieziloucs/">写字楼出售</AppLink>
          <AppLink href="/sydc">商业地产</AppLink>
        </p>
      </section>
    </div>
  );
}
