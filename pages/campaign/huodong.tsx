import type { HuodongData } from '../../src/contracts/page-data/campaign.ts';
import { isActivityKind } from '../../src/lib/activity.ts';
import type { PageProps } from '../../src/render/page-props.ts';
import { useEnded, useQrcodeVisit, useTicker } from '../../src/ui/campaign/parts.tsx';
import { TEMPLATES } from '../../src/ui/campaign/templates.tsx';

/**
 * /huodong/{template}/{id?} (issue 19, SPEC 2.3): an activity in its template's own landing-page design — banner,
 * offer, live countdown (server-rendered, ticking in the browser), its estates or listings, the sign-up or coupon form,
 * rules and share.
 */
export default function HuodongPage({ data }: PageProps<HuodongData>) {
  const now = useTicker(data.renderedAt);
  const ended = useEnded(data.activity, now);
  useQrcodeVisit(data.activity.posterId);
  const Template = TEMPLATES[isActivityKind(data.template) ? data.template : 'xinfang'];
  return (
    <div className={ended ? 'cp-wrap cp-wrap--ended' : 'cp-wrap'}>
      <Template key={data.activity.id} data={data} now={now} ended={ended} />
    </div>
  );
}
