import type { EntrustDraft, EntrustStep, StepProblem } from '../../lib/entrust-steps.ts';
import type { Entrust, EntrustDetail } from '../gateway/member.ts';
import type { FormState } from './personal.ts';

/** The community an entrustment is in, with its current average price (shown beside the asking price). */
export interface EntrustCommunity {
  stressId: number;
  name: string;
  address: string;
  avgPrice: number;
}

/** /Index/yijianweituo: the start (sell or let, what happens next) and the member's latest entrustments. */
export interface EntrustStartData {
  /** `?type=rent` (the home page's 我要出租): the letting choice comes first. */
  preferred: 'sell' | 'rent';
  loggedIn: boolean;
  mine: Entrust[];
  /** Recent deals by district this month: how many homes changed hands and at what average (元/㎡). */
  deals: Array<{ regionId: number; regionName: string; deals: number; avgPrice: number }>;
}

/** /Index/yijianweituo/search: the kind chosen, the keyword and the communities it suggests. */
export interface EntrustSearchData {
  draft: EntrustDraft;
  keyword: string;
  hits: Array<{ stressId: number; title: string; subtitle: string }>;
}

/** A step of the flow (address, details, form): what was filled, the community, or the earlier step to go back to. */
export interface EntrustStepData {
  step: EntrustStep;
  draft: EntrustDraft;
  community: EntrustCommunity | null;
  problem: StepProblem | null;
  /** The query of the filled steps (what each link and form carries). */
  query: string;
  form: FormState | null;
  contact: { name: string; phone: string } | null;
}

/** /Index/yijianweituo/list: the member's entrustments. */
export interface EntrustListData {
  list: Entrust[];
}

/** /Index/yijianweituo/{id}, /log, /modifyprice, /removeshelf: one entrustment of the member. */
export interface EntrustOneData {
  entrust: EntrustDetail;
  /** Which page of it (registry `params.view`): detail, log, modifyprice or removeshelf. */
  view: string;
  form: FormState;
}
