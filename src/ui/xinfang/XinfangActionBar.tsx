import type { XinfangDetailData } from '../../contracts/page-data/xinfang.ts';
import { ActionBar } from '../detail/ActionBar.tsx';

/**
 * The estate page's fixed bottom bar (favourite, share, book, chat, call), a lazy part of pages/xinfang/detail.tsx
 * whose props are the screen's data and its canonical URL (both stable for a screen).
 */
export function XinfangActionBar({ data, url }: { data: XinfangDetailData; url: string }) {
  const { estate: e } = data;
  const id = e.houseId;
  return (
    <ActionBar
      houseId={id}
      houseType={1}
      kind="newhouse"
      title={e.name}
      url={url}
      collected={data.collected}
      agent={data.agent}
      phone={data.agent?.webCall ? { webCall: data.agent.webCall } : null}
      bookHref={`/yuyuekanfang?houseId=${id}&houseType=1`}
      compareKind="xinfang"
    />
  );
}
