import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { seededDataDir } from '../helpers/backend.ts';

/** Writes (SPEC 7.8-7.10): they persist across a restart, bad input writes nothing, uploads are checked, accounts are safe. */
const dataDir = await seededDataDir();
let app: FastifyInstance = await buildBackend({ dataDir, logger: false });
t.teardown(() => app.close());
const count = (table: string) => {
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  try {
    return db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  } finally {
    db.close();
  }
};
const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });

t.test('writes survive a restart of the backend', async (t) => {
  t.equal((await app.inject('/api/house/collect/addXiaoQu/3/m200')).json().status, 200);
  t.equal((await post('/api/kanfang/add', { houseId: 3, name: '赵女士', phone: '13811112222' })).json().status, 200);
  t.equal((await post('/api/customerDemand/save', { phone: '13811112222', demandType: '租房', budget: '2000' })).json().status, 200);
  await app.close();
  app = await buildBackend({ dataDir, logger: false });
  t.equal((await app.inject('/api/house/collect/isCollect/3/m200?kind=xiaoqu')).json().obj, true);
  t.match((await app.inject('/api/customerDemand/findOne?phone=13811112222')).json().obj, { demandType: '租房', budget: '2000' });
  t.equal(count('kanfang'), 1);
});

t.test('favourites of all four kinds; adding twice keeps one; unknown ids are refused', async (t) => {
  const listing = (await post('/api/house/search/findByCondition', { cityId: 1, size: 1 })).json().obj.content[0].houseId;
  const rent = (await post('/api/house/search/findByCondition', { cityId: 1, houseType: 12, size: 1 })).json().obj.content[0].houseId;
  for (const url of [`add/${listing}`, `add/${listing}`, `add/rent/${rent}`, 'addNewHouse/2', 'addXiaoQu/2']) {
    t.equal((await app.inject(`/api/house/collect/${url}/m300`)).json().status, 200, url);
  }
  const mine = (await app.inject('/api/house/collect/list/m300')).json().obj as Array<{ kind: string }>;
  t.same(mine.map((m) => m.kind).sort(), ['ershoufang', 'newhouse', 'rent', 'xiaoqu']);
  t.equal((await app.inject(`/api/house/collect/houseTotal/${listing}`)).json().obj, 1);
  t.equal((await app.inject(`/api/house/collect/add/rent/${listing}/m300`)).json().status, 404, 'a sale listing is not a rental');
  t.equal((await app.inject('/api/house/collect/addNewHouse/999999/m300')).json().status, 404);
  t.equal((await app.inject('/api/house/collect/remove/2/m300')).json().obj.removed, 2, 'remove without kind removes both kinds of id 2');
});

t.test('bad input writes nothing', async (t) => {
  const before = [count('kanfang'), count('jubao'), count('info_comment'), count('member')];
  t.equal((await post('/api/kanfang/add', { name: '王', phone: '12345' })).statusCode, 400);
  t.equal((await post('/api/jubao/save', { houseId: 1 })).statusCode, 400);
  t.equal((await post('/api/info/insertInfoComment', { infoDocId: 1, userId: 'u1', content: '' })).statusCode, 400);
  t.equal(
    (await post('/api/member/register', { phone: '13900000001', password: '12345678', code: '123456' })).statusCode,
    400,
    'password needs a letter',
  );
  t.equal((await post('/api/info/insertInfoComment', { infoDocId: 999999, userId: 'u1', content: '好' })).json().status, 404);
  t.same([count('kanfang'), count('jubao'), count('info_comment'), count('member')], before);
});

function multipart(name: string, content: Buffer, mime: string) {
  const boundary = '----test1234';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST' as const,
    url: '/api/file/uploadImg',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

t.test('image upload: type checked by content, size limited, stored in DATA_DIR and served back', async (t) => {
  const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
  const ok = await app.inject(multipart('p.jpg', jpg, 'image/jpeg'));
  t.equal(ok.statusCode, 200);
  const obj = ok.json().obj;
  t.match(obj, { url: /^\/files\/upload\/[0-9a-f-]+\.jpg$/, size: 104, mime: 'image/jpeg' });
  const back = await app.inject(obj.url);
  t.equal(back.statusCode, 200);
  t.same(back.rawPayload, jpg);
  t.equal(back.headers['x-content-type-options'], 'nosniff');
  const fake = await app.inject(multipart('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png'));
  t.equal(fake.statusCode, 400);
  t.match(fake.json().message, /file/);
  const big = await app.inject(multipart('big.jpg', Buffer.concat([jpg, Buffer.alloc(6 * 1024 * 1024)]), 'image/jpeg'));
  t.equal(big.statusCode, 413);
  t.equal((await post('/api/file/uploadImg', { file: 'x' })).statusCode, 400, 'not multipart');
  t.equal(count('upload'), 1);
  t.equal((await app.inject('/files/upload/../../portal.db')).statusCode, 404);
});

t.test('accounts: duplicate register refused, wrong codes limited, token stored hashed, reset revokes sessions', async (t) => {
  const phone = '13600002222';
  t.equal((await post('/api/member/sendSmsCode', { phone, purpose: 'login' })).json().status, 404, 'login code for an unknown phone');
  t.equal(
    (await post('/api/member/sendSmsCode', { phone, purpose: 'login' })).json().status,
    429,
    'the resend limit counts it too, as for a member (issue 33: the limits tell nobody who is registered)',
  );
  t.equal((await post('/api/member/sendSmsCode', { phone, purpose: 'register' })).json().status, 200);
  t.equal((await post('/api/member/sendSmsCode', { phone, purpose: 'register' })).json().status, 429, 'resend within a minute');
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  const code = db.prepare("SELECT code FROM sms_code WHERE phone = ? AND purpose = 'register'").pluck().get(phone) as string;
  db.close();
  const wrong = code === '000000' ? '111111' : '000000';
  t.match((await post('/api/member/register', { phone, password: 'pass1234', code: wrong })).json(), {
    status: 400,
    message: /验证码错误/,
  });
  const reg = (await post('/api/member/register', { phone, password: 'pass1234', code })).json();
  t.equal(reg.status, 200);
  t.equal((await post('/api/member/register', { phone, password: 'pass1234', code })).json().status, 409);
  const token = reg.obj.token as string;
  const db2 = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  t.equal(db2.prepare('SELECT COUNT(*) FROM session_token WHERE token = ?').pluck().get(token), 0, 'the token itself is not stored');
  t.match(db2.prepare('SELECT password_hash FROM member WHERE phone = ?').pluck().get(phone), /^scrypt\$/);
  db2.close();
  t.equal((await app.inject({ url: '/api/member/info', headers: { authorization: `Bearer ${token}` } })).json().obj.phone, phone);
  t.match((await post('/api/member/update', { token, nickName: '改个名' })).json().obj, { nickName: '改个名' });
  t.equal(
    (await post('/api/member/login', { phone: '13800138000', password: 'Demo@2026' })).json().obj.nickName,
    '演示用户',
    'the demo member',
  );
});

t.test('article likes and collects are idempotent per user', async (t) => {
  const get = (u: string) => app.inject(u).then((r) => r.json().obj);
  const before = (await get('/api/info/getInfoDocDetails/2/0')).fabulousNum;
  await get('/api/info/updateDocFabulousNum/2/u9/1');
  await get('/api/info/updateDocFabulousNum/2/u9/1');
  t.equal((await get('/api/info/getInfoDocDetails/2/u9')).fabulousNum, before + 1);
  await get('/api/info/updateDocFabulousNum/2/u9/-1');
  t.equal((await get('/api/info/getInfoDocDetails/2/u9')).fabulousNum, before);
  const c = (await post('/api/info/insertInfoComment', { infoDocId: 2, userId: 'u9', content: '赞' })).json().obj;
  t.equal((await app.inject(`/api/info/deleteInfoComment/${c.infoCommentId}?userId=someone`)).json().status, 403);
  t.equal((await app.inject(`/api/info/deleteInfoComment/${c.infoCommentId}?userId=u9`)).json().obj, true);
  t.equal((await app.inject(`/api/info/deleteInfoComment/${c.infoCommentId}`)).json().status, 404);
});

t.test('reset password: needs the SMS code, revokes every session, the new password works and the old one does not', async (t) => {
  const phone = '13500003333';
  const codeOf = (purpose: string) => {
    const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
    try {
      return db.prepare('SELECT code FROM sms_code WHERE phone = ? AND purpose = ? ORDER BY id DESC').pluck().get(phone, purpose) as string;
    } finally {
      db.close();
    }
  };
  await post('/api/member/sendSmsCode', { phone, purpose: 'register' });
  const token = (await post('/api/member/register', { phone, password: 'first1234', code: codeOf('register') })).json().obj.token;
  t.equal(
    (await post('/api/member/resetPassword', { phone, password: 'second1234', code: '123456' })).json().status,
    400,
    'no code sent yet',
  );
  await post('/api/member/sendSmsCode', { phone, purpose: 'reset' });
  t.match(
    (await post('/api/member/resetPassword', { phone, password: 'second1234', code: codeOf('reset') })).json().obj,
    { phone, sessionVersion: 2 },
    'the answer is the member with the bumped session version',
  );
  t.equal(
    (await post('/api/member/resetPassword', { phone, password: 'third1234', code: codeOf('reset') })).json().status,
    400,
    'a code works once',
  );
  t.equal((await app.inject(`/api/member/info?token=${token}`)).json().status, 401, 'old session revoked');
  t.equal((await post('/api/member/login', { phone, password: 'first1234' })).json().status, 401);
  t.equal((await post('/api/member/login', { phone, password: 'second1234' })).json().status, 200);
});
