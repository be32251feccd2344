import { createHmac } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * UserSig v2 (SPEC 7.9, issue 18): the chat login signature of Tencent IM, computed on the server for the logged-in
 * member only. The algorithm of Tencent's TLSSigAPIv2 (`tls-sig-api-v2`, `genUserSig`), byte for byte:
 * 1. HMAC-SHA256 with the secret key over `TLS.identifier:{id}\nTLS.sdkappid:{app}\nTLS.time:{now}\nTLS.expire:{s}\n`,
 *    base64;
 * 2. the JSON document `{"TLS.ver":"2.0","TLS.identifier","TLS.sdkappid","TLS.time","TLS.expire","TLS.sig"}` in
 *    that key order;
 * 3. zlib deflate with Node's defaults (level 6, as the official `zlib.deflateSync(buf)`), base64, and the URL-safe
 *    replacements `+`→`*`, `/`→`-`, `=`→`_`.
 * Pure: the current time is an argument. test/chat/usersig.test.ts checks it against vectors made by the official
 * package (test/fixtures/usersig-vectors.json, scripts/usersig-vectors.ts) and against the package itself.
 */

/** SPEC 7.9 / 9: a signature is valid for 7 days. */
export const USERSIG_EXPIRE_SECONDS = 604_800;

/** SPEC 8: the generator's input messages. */
export const USERSIG_ERRORS = {
  sdkAppID: 'sdkAppID must be a number',
  privateKey: 'privateKey must be a string',
  userID: 'userID must be a string',
  expireTime: 'expireTime must be a number',
} as const;

export interface UserSigInput {
  sdkAppID: unknown;
  privateKey: unknown;
  userID: unknown;
  /** Seconds the signature stays valid; default 604800. */
  expireTime?: unknown;
  /** Epoch seconds of the signature (TLS.time); default now. */
  now?: number;
}

export type UserSigResult = { ok: true; userSig: string; expireSeconds: number } | { ok: false; error: string };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The first SPEC 8 message the input violates, or null. */
export function userSigInputError(input: UserSigInput): string | null {
  if (!isNumber(input.sdkAppID)) return USERSIG_ERRORS.sdkAppID;
  if (typeof input.privateKey !== 'string') return USERSIG_ERRORS.privateKey;
  if (typeof input.userID !== 'string') return USERSIG_ERRORS.userID;
  if (input.expireTime !== undefined && !isNumber(input.expireTime)) return USERSIG_ERRORS.expireTime;
  return null;
}

const urlSafe = (base64: string) => base64.replace(/\+/g, '*').replace(/\//g, '-').replace(/=/g, '_');

/**
 * A UserSig for `userID`, or the SPEC 8 message of the first invalid input (no signature then: the caller logs the
 * message). Never throws.
 */
export function genUserSig(input: UserSigInput): UserSigResult {
  const error = userSigInputError(input);
  if (error) return { ok: false, error };
  const sdkAppID = input.sdkAppID as number;
  const key = input.privateKey as string;
  const identifier = input.userID as string;
  const expire = (input.expireTime as number | undefined) ?? USERSIG_EXPIRE_SECONDS;
  const time = Math.floor(input.now ?? Date.now() / 1000);
  const signed = `TLS.identifier:${identifier}\nTLS.sdkappid:${sdkAppID}\nTLS.time:${time}\nTLS.expire:${expire}\n`;
  const sig = createHmac('sha256', key).update(signed).digest('base64');
  const doc = {
    'TLS.ver': '2.0',
    'TLS.identifier': identifier,
    'TLS.sdkappid': sdkAppID,
    'TLS.time': time,
    'TLS.expire': expire,
    'TLS.sig': sig,
  };
  const compressed = deflateSync(Buffer.from(JSON.stringify(doc))).toString('base64');
  return { ok: true, userSig: urlSafe(compressed), expireSeconds: expire };
}
