import { accountBodies, accountHandlers } from './account.ts';
import { agentBodies, agentHandlers } from './agent.ts';
import { compileBody } from './body.ts';
import { brokerBodies, brokerHandlers } from './broker.ts';
import { campaignBodies, campaignHandlers } from './campaign.ts';
import { chatBodies, chatHandlers } from './chat.ts';
import { compareBodies, compareHandlers } from './compare.ts';
import { entrustBodies, entrustHandlers } from './entrust.ts';
import { GATE_NAMES } from './gates.ts';
import { imBodies, imHandlers } from './im.ts';
import { infoBodies, infoHandlers } from './info.ts';
import { memberBodies, memberHandlers } from './member.ts';
import { memberFormBodies, memberFormHandlers } from './member-forms.ts';
import { noticeBodies, noticeHandlers } from './notices.ts';
import { savedBodies, savedHandlers } from './saved.ts';
import type { ActionHandler } from './types.ts';
import { wendaBodies, wendaHandlers } from './wenda.ts';

/**
 * The names registry.json's `actions` may use (issue 33): handlers and body schemas by name, like the pages' loaders
 * and validators. A name the registry uses and this table lacks refuses the registry at load.
 */
export const actionHandlers: Readonly<Record<string, ActionHandler<never>>> = {
  ...accountHandlers,
  ...agentHandlers,
  ...memberHandlers,
  ...savedHandlers,
  ...noticeHandlers,
  ...infoHandlers,
  ...memberFormHandlers,
  ...entrustHandlers,
  ...wendaHandlers,
  ...brokerHandlers,
  ...campaignHandlers,
  ...imHandlers,
  ...chatHandlers,
  ...compareHandlers,
} as Record<string, ActionHandler<never>>;

const schemas: Readonly<Record<string, object>> = {
  ...accountBodies,
  ...agentBodies,
  ...memberBodies,
  ...savedBodies,
  ...noticeBodies,
  ...infoBodies,
  ...memberFormBodies,
  ...entrustBodies,
  ...wendaBodies,
  ...brokerBodies,
  ...campaignBodies,
  ...imBodies,
  ...chatBodies,
  ...compareBodies,
};

export const actionBodies = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, compileBody(schema)]));

/** For the registry check (src/registry/load.ts KnownNames). */
export const actionNames = {
  actionMiddleware: GATE_NAMES,
  actionHandlers: new Set(Object.keys(actionHandlers)),
  actionBodies: new Set(Object.keys(actionBodies)),
};
