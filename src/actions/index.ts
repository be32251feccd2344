import { compileBody } from './body.ts';
import { GATE_NAMES } from './gates.ts';
import { infoBodies, infoHandlers } from './info.ts';
import { memberBodies, memberHandlers } from './member.ts';
import type { ActionHandler } from './types.ts';

/**
 * The names registry.json's `actions` may use (issue 33): handlers and body schemas by name, like the pages' loaders
 * and validators. A name the registry uses and this table lacks refuses the registry at load.
 */
export const actionHandlers: Readonly<Record<string, ActionHandler<never>>> = {
  ...memberHandlers,
  ...infoHandlers,
} as Record<string, ActionHandler<never>>;

const schemas: Readonly<Record<string, object>> = { ...memberBodies, ...infoBodies };

export const actionBodies = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, compileBody(schema)]));

/** For the registry check (src/registry/load.ts KnownNames). */
export const actionNames = {
  actionMiddleware: GATE_NAMES,
  actionHandlers: new Set(Object.keys(actionHandlers)),
  actionBodies: new Set(Object.keys(actionBodies)),
};
