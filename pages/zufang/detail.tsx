import type { ListingDetailData } from '../../src/contracts/page-data/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ListingDetailView } from '../../src/ui/detail/ListingDetailView.tsx';

const NOTICES: Record<string, string> = { favourited: '收藏成功', unfavourited: '已取消收藏' };

/** /zufang/{id}.html, /zufang/details?id=, /zufang/zuyj/{id}.html and the ad variant. */
export default function ZufangDetailPage({ data, query }: PageProps<ListingDetailData>) {
  return <ListingDetailView key={data.house.houseId} data={data} notice={NOTICES[query.notice ?? '']} />;
}
