import type { PhotoData } from '../src/contracts/page-data/member.ts';
import { kindOfHouseType } from '../src/lib/listing-kinds.ts';
import type { PageProps } from '../src/render/page-props.ts';
import { AppLink } from '../src/ui/AppLink.tsx';
import { AgentCard } from '../src/ui/detail/AgentCard.tsx';
import { Gallery } from '../src/ui/detail/Gallery.tsx';

/** /photo: the full-screen gallery of a listing or an estate (SPEC 3 gallery state). */
export default function PhotoPage({ data }: PageProps<PhotoData>) {
  return (
    <div className="photo">
      <Gallery
        key={`${data.houseId}-${data.activeItem}`}
        stage
        photos={data.photoList}
        title={data.houseTitle}
        start={data.activeItem}
        videoUrl={data.videoUrl}
      />
      <p className="dt-report">
        <AppLink href={data.back}>返回房源详情</AppLink>
        <span>共{data.photoList.length}张</span>
      </p>
      <ul className="photo__thumbs" aria-label="全部图片">
        {data.photoList.map((src, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a photo may repeat; its position is its identity
          <li key={i}>
            <AppLink
              href={`/photo?id=${data.houseId}&type=${data.houseType === 1 ? 'xinfang' : kindOfHouseType(data.houseType)}&active=${i}`}
              className={i === data.activeItem ? 'is-on' : ''}
              aria-label={`第${i + 1}张`}
            >
              <img src={src} alt={`${data.houseTitle} 图${i + 1}`} width={112} height={84} loading="lazy" />
            </AppLink>
          </li>
        ))}
      </ul>
      {data.agentComment ? (
        <section className="dt-block">
          <h2 className="dt-block__title">经纪人说</h2>
          <p className="dt-desc">{data.agentComment}</p>
        </section>
      ) : null}
      {data.huxing.length ? (
        <section className="dt-block">
          <h2 className="dt-block__title">户型图</h2>
          <ul className="dt-links">
            {data.huxing.map((h) => (
              <li key={h.name}>{h.name}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.showAgent && data.agent ? (
        <AgentCard agent={data.agent} phone={null} house={{ houseId: data.houseId, houseType: data.houseType }} />
      ) : null}
    </div>
  );
}
