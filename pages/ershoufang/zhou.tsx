import type { ZhouData } from '../../src/loaders/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { ZhouView } from './sub.tsx';

export default function ErshoufangZhouPage({ data }: PageProps<ZhouData>) {
  return <ZhouView data={data} />;
}
