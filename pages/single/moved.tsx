import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';

/**
 * /house/{id}, /house?id=, /xiangqing/{id}: generic listing links. Their `house-link` middleware always answers: a 301
 * to the listing's own page, or the 404 screen; this view is only what a registry edit that drops the middleware shows.
 */
export default function MovedPage(_: PageProps<unknown>) {
  return (
    <section className="card sg-moved">
      <h1>房源链接已更新</h1>
      <p>该房源已迁移至新的页面地址，请从列表重新查找。</p>
      <p className="sg-moved__links">
        <AppLink href="/ershoufang/">二手房</AppLink>
        <AppLink href="/zufang/">租房</AppLink>
        <AppLink href="/xinfang/">新房</AppLink>
      </p>
    </section>
  );
}
