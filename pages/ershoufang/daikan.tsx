import type { DaikanData } from '../../src/loaders/ershoufang.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { DaikanView } from './sub.tsx';

export default function ErshoufangDaikanPage({ data }: PageProps<DaikanData>) {
  return <DaikanView data={data} />;
}
