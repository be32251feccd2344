import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A check of `Authorization: Bearer <token>` against one secret, in constant time (both sides hashed first, so neither
 * the length nor a prefix of the secret shows in the timing), as the console's actions compare ADMIN_TOKEN.
 */
export function bearerTokenCheck(secret: string): (authorization: string | undefined) => boolean {
  const expected = digest(secret);
  return (authorization) => {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    return match !== null && timingSafeEqual(digest(match[1] as string), expected);
  };
}
