import type { MagnifyData } from '../../src/contracts/page-data/huxing.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { AppLink } from '../../src/ui/AppLink.tsx';

/** /huxing/magnifyImg?id=: the plan drawing alone on a dark screen (pinch-zoom is the browser's). */
export default function HuxingMagnifyPage({ data }: PageProps<MagnifyData>) {
  const { plan: p, estate: e } = data;
  return (
    <div className="xf-mag">
      <AppLink href={`/huxing/${p.huxingId}.html`} className="xf-mag__close" aria-label="关闭大图">
        ✕
      </AppLink>
      <img className="xf-mag__img" src={p.img} alt={`${e.name}${p.name}户型大图`} width={750} height={560} />
      <p className="xf-mag__cap">
        {e.name} {p.name} {p.huxing} 建面约{p.area}㎡
      </p>
    </div>
  );
}
