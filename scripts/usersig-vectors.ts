/**
 * Writes test/chat/fixtures/usersig-vectors.json: UserSig v2 signatures made by Tencent's official generator
 * (`tls-sig-api-v2`, CommonJS, a devDependency never shipped) for fixed app ids, keys, users, expiries and times, so that
 * test/chat/usersig.test.ts can hold src/lib/usersig.ts to them byte for byte (issue 18, SPEC 7.9).
 * The official `genSig` reads the time from `Date.now()`; it is pinned per vector. Run: `npx tsx scripts/usersig-vectors.ts`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const TLSSigAPIv2 = require('tls-sig-api-v2') as {
  Api: new (sdkAppID: number, key: string) => { genUserSig(userID: string, expire: number): string };
};

export interface UserSigVector {
  sdkAppID: number;
  privateKey: string;
  userID: string;
  expireTime: number;
  /** Epoch seconds the signature was made at (TLS.time). */
  now: number;
  userSig: string;
}

const CASES: Array<Omit<UserSigVector, 'userSig'>> = [
  {
    sdkAppID: 1400000000,
    privateKey: '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e',
    userID: 'xiaojun',
    expireTime: 604800,
    now: 1764115200,
  },
  {
    sdkAppID: 1400188366,
    privateKey: 'a4d3d9b6c1e0f27a8b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f901234',
    userID: '10001',
    expireTime: 604800,
    now: 1700000000,
  },
  { sdkAppID: 1600012345, privateKey: 'k', userID: 'u_m-7', expireTime: 86400, now: 1234567890 },
  { sdkAppID: 20000001, privateKey: '秘钥-with-中文', userID: 'agent_42', expireTime: 180 * 86400, now: 1800000001 },
  { sdkAppID: 1400500500, privateKey: 'x'.repeat(64), userID: 'M3000000000012345', expireTime: 1, now: 1 },
  { sdkAppID: 1400000001, privateKey: 'secret', userID: '', expireTime: 604800, now: 1764190000 },
];

export function officialUserSig(c: Omit<UserSigVector, 'userSig'>): string {
  const realNow = Date.now;
  Date.now = () => c.now * 1000;
  try {
    return new TLSSigAPIv2.Api(c.sdkAppID, c.privateKey).genUserSig(c.userID, c.expireTime);
  } finally {
    Date.now = realNow;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const vectors: UserSigVector[] = CASES.map((c) => ({ ...c, userSig: officialUserSig(c) }));
  const file = path.resolve(import.meta.dirname, '../test/chat/fixtures/usersig-vectors.json');
  writeFileSync(file, `${JSON.stringify(vectors, null, 2)}\n`);
  process.stdout.write(`${vectors.length} vectors written to ${file}\n`);
}
