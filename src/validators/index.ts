import { isId } from '../lib/ids.ts';
import type { Validator } from '../pipeline/types.ts';
import { listingValidators } from './listing.ts';

/** The named validate hooks registry.json may refer to. False → the 404 screen (SPEC 2.5). */
export const validators: Readonly<Record<string, Validator>> = {
  ...listingValidators,
  /** `:id` (or `?id=` on a plain twin like /ershoufang/details) is an id (src/lib/ids.ts). */
  numericId: (ctx) => isId(ctx.params.id ?? ctx.query.id),
  /** Present id, if any, must be numeric (optional id tails). */
  optionalNumericId: (ctx) => {
    const id = ctx.params.id ?? ctx.query.id;
    return id === undefined || isId(id);
  },
};

/** The query keys each validator reads: the pipeline hands a cached page no others (issue 11 point 4). */
export const validatorQueryKeys: Readonly<Record<string, readonly string[]>> = {
  numericId: ['id'],
  optionalNumericId: ['id'],
};
