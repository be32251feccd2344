import type { ListingDetailData } from '../../contracts/page-data/ershoufang.ts';
import { Streamed } from '../../render/deferred.ts';
import { Description } from './parts.tsx';

/**
 * The second-hand and rental description, under the first screen: the listing's own text at once, the owner's note and
 * the agents' comments when they arrive (a secondary block). Its own chunk, loaded when it comes into view
 * (ListingDetailView; issue 35 part 4).
 */
export function ListingDescription({ data: { house: h, kind, notes } }: { data: ListingDetailData }) {
  const title = kind === 'zufang' ? '房源介绍' : '房源描述';
  return (
    <Streamed value={notes} fallback={<Description title={title} text={h.description} />}>
      {(n) => (
        <Description
          title={title}
          text={h.description}
          extra={[
            ...(n.readme ? [{ label: '业主自荐', text: n.readme }] : []),
            ...n.comments.map((c) => ({ label: `经纪人点评 · ${c.name}`, text: c.content })),
          ]}
        />
      )}
    </Streamed>
  );
}
