import type { XiaoquInformationData } from '../../contracts/page-data/xiaoqu.ts';
import { AppLink } from '../AppLink.tsx';
import { DetailHead } from '../detail/DetailHead.tsx';
import { Description, KeyFacts } from '../detail/parts.tsx';
import { groupDigits } from '../paths.ts';
import { LocationBlock, xiaoquFacts } from './parts.tsx';

/** /xiaoqu/information?id=: every recorded fact of a community, its location and its description. */
export function XiaoquInformationView({ data }: { data: XiaoquInformationData }) {
  const { xiaoqu: x } = data;
  return (
    <article className="dt xq">
      <DetailHead title={`${x.name}小区概况`} tags={[x.propertyType, x.buildType].filter(Boolean)}>
        <p className="xq-place">
          <AppLink href={`/xiaoqu/${x.stressId}.html`}>返回{x.name}</AppLink>
        </p>
      </DetailHead>
      <KeyFacts
        headline={[
          { label: '参考均价(元/㎡)', value: x.avgPrice > 0 ? groupDigits(x.avgPrice) : '暂无' },
          { label: '在售二手房', value: `${x.ershoucount}套` },
          { label: '在租房源', value: `${x.zufangcount}套` },
        ]}
        facts={xiaoquFacts(x)}
      />
      <LocationBlock x={x} />
      <Description title="小区简介" text={x.description} />
    </article>
  );
}
