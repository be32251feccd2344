import { useAppState } from '../stores/context.tsx';
import { ShieldIcon } from './icons.tsx';

/** Only digits, +, - and , survive into a tel: URL. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+,-]/g, '')}`;

/** SPEC 2.7: the fixed supervision phone of new-home pages. */
export function SupervisionBar() {
  const { site } = useAppState();
  if (!site.supervisionPhone) return null;
  return (
    <div className="svbar" role="note">
      <ShieldIcon size={18} />
      <span className="svbar__text">新房销售监督电话</span>
      <a className="svbar__phone" href={telHref(site.supervisionPhone)}>
        {site.supervisionPhone}
      </a>
    </div>
  );
}
