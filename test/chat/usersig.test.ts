import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import t from 'tap';
import { officialUserSig, type UserSigVector } from '../../scripts/usersig-vectors.ts';
import { genUserSig, USERSIG_ERRORS, USERSIG_EXPIRE_SECONDS } from '../../src/lib/usersig.ts';

const vectors = JSON.parse(readFileSync(new URL('./fixtures/usersig-vectors.json', import.meta.url), 'utf8')) as UserSigVector[];

t.test('every vector of the official generator (tls-sig-api-v2) is reproduced byte for byte', async (t) => {
  t.ok(vectors.length >= 5, 'the fixture holds several vectors');
  for (const v of vectors) {
    const got = genUserSig({ sdkAppID: v.sdkAppID, privateKey: v.privateKey, userID: v.userID, expireTime: v.expireTime, now: v.now });
    t.same(got, { ok: true, userSig: v.userSig, expireSeconds: v.expireTime }, `${v.sdkAppID}/${v.userID}/${v.now}`);
  }
});

t.test('live against the official package: other users, keys, times and the default expiry', async (t) => {
  const cases = [
    { sdkAppID: 1400111222, privateKey: 'live-key-1', userID: 'm100', expireTime: USERSIG_EXPIRE_SECONDS, now: 1765000000 },
    { sdkAppID: 1400333444, privateKey: 'a'.repeat(100), userID: 'agent_7', expireTime: 3600, now: 1765432109 },
    { sdkAppID: 1, privateKey: 'z', userID: 'A-b_c', expireTime: 604800 * 2, now: 999999999 },
  ];
  for (const c of cases) {
    t.equal(genUserSig(c).ok && (genUserSig(c) as { userSig: string }).userSig, officialUserSig(c), `${c.userID}`);
  }
  const noExpiry = genUserSig({ sdkAppID: 1400111222, privateKey: 'k', userID: 'u1', now: 1765000000 });
  t.same(noExpiry, {
    ok: true,
    userSig: officialUserSig({ sdkAppID: 1400111222, privateKey: 'k', userID: 'u1', expireTime: 604800, now: 1765000000 }),
    expireSeconds: 604800,
  });
});

t.test('the signature decodes to the version 2.0 document of the member it was made for', async (t) => {
  const r = genUserSig({ sdkAppID: 1400000000, privateKey: 'k', userID: '10001', now: 1765000000 });
  t.ok(r.ok);
  const b64 = (r as { userSig: string }).userSig.replace(/\*/g, '+').replace(/-/g, '/').replace(/_/g, '=');
  const doc = JSON.parse(inflateSync(Buffer.from(b64, 'base64')).toString());
  t.equal(doc['TLS.ver'], '2.0');
  t.equal(doc['TLS.identifier'], '10001');
  t.equal(doc['TLS.expire'], 604800);
  t.equal(doc['TLS.time'], 1765000000);
  t.match((r as { userSig: string }).userSig, /^[A-Za-z0-9*_-]+$/, 'URL-safe alphabet only');
});

t.test('invalid input gives the SPEC 8 message and no signature', async (t) => {
  t.same(genUserSig({ sdkAppID: '1400', privateKey: 'k', userID: 'u' }), { ok: false, error: 'sdkAppID must be a number' });
  t.same(genUserSig({ sdkAppID: Number.NaN, privateKey: 'k', userID: 'u' }), { ok: false, error: USERSIG_ERRORS.sdkAppID });
  t.same(genUserSig({ sdkAppID: 1, privateKey: undefined, userID: 'u' }), { ok: false, error: 'privateKey must be a string' });
  t.same(genUserSig({ sdkAppID: 1, privateKey: 'k', userID: 10001 }), { ok: false, error: 'userID must be a string' });
  t.same(genUserSig({ sdkAppID: 1, privateKey: 'k', userID: 'u', expireTime: '604800' }), {
    ok: false,
    error: 'expireTime must be a number',
  });
});
