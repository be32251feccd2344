import type { CommercialDetailData } from '../../src/contracts/page-data/shangpu.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { CommercialDetailView } from '../../src/ui/detail/CommercialDetailView.tsx';

const NOTICES: Record<string, string> = { favourited: '收藏成功', unfavourited: '已取消收藏' };

/** /{shangpucs|shangpucz|xieziloucs|xieziloucz}/{id}.html, their /details?id= twins, /zhaopucs|zhaopucz/{id}.html. */
export default function CommercialDetailPage({ data, query }: PageProps<CommercialDetailData>) {
  return <CommercialDetailView key={data.house.houseId} data={data} notice={NOTICES[query.notice ?? '']} />;
}
