import { RETURN_PATH_MAX } from '../lib/return-url.ts';

/** Body-schema pieces every action shares (issue 33): the return path, ids, a mainland mobile, a typed text. */

/** Where a plain form post goes back to (src/lib/return-url.ts decides what of it is safe). */
export const back = { type: 'string', maxLength: RETURN_PATH_MAX, title: '返回地址' } as const;

/** A gateway id up to JavaScript's safe integer (listings, agents, members). */
export const safeId = { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } as const;

/** A 32-bit row id (articles, comments, activities). */
export const rowId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** A mainland mobile number: 11 digits, 1[3-9]…. */
export const mobile = { type: 'string', pattern: '^1[3-9][0-9]{9}$', title: '手机号' } as const;

/** The raw bound of a typed text; its own rule (trimmed characters, no control characters) is the handler's check. */
export const typedText = (maxChars: number, title: string) => ({ type: 'string', maxLength: maxChars * 2 + 40, title }) as const;
