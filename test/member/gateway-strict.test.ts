import path from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { buildBackend } from '../../src/backend/app.ts';
import { futureDateProblem } from '../../src/backend/schemas.ts';
import Database from '../../src/backend/sqlite-driver.ts';
import { seededDataDir } from '../helpers/backend.ts';

/**
 * The embedded gateway validates the member forms' bodies strictly (issue 13): a wrong type is a 400 naming the field
 * (bodies are never coerced; params and querystrings still are), control and bidi-override characters are refused,
 * whitespace alone is empty, unknown fields are dropped, unknown ids are a 400, appointments are real dates not in the past.
 */
const dataDir = await seededDataDir();
const app = await buildBackend({ dataDir, logger: false });
t.teardown(() => app.close());

const ro = () => new Database(path.join(dataDir, 'portal.db'), { readonly: true });
const db0 = ro();
const listingId = db0.prepare('SELECT id FROM listing WHERE city_id = 1 AND house_type = 11 ORDER BY id LIMIT 1').pluck().get() as number;
const regionId = db0.prepare('SELECT id FROM region WHERE city_id = 1 ORDER BY sort LIMIT 1').pluck().get() as number;
const otherCityRegion = db0.prepare('SELECT id FROM region WHERE city_id = 2 ORDER BY sort LIMIT 1').pluck().get() as number;
db0.close();

const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
const tomorrow = () => {
  const d = new Date(Date.now() + 8 * 3_600_000 + 86_400_000);
  return d.toISOString().slice(0, 10);
};

t.test('a wrong type is 400 naming the field: nothing is coerced in a body', async (t) => {
  const table: Array<[string, Record<string, unknown>, string]> = [
    ['/api/kanfang/add', { houseId: String(listingId), name: '王先生', phone: '13912345678' }, 'houseId'],
    ['/api/kanfang/add', { houseId: true, name: '王先生', phone: '13912345678' }, 'houseId'],
    ['/api/kanfang/add', { name: '王先生', phone: 13912345678 }, 'phone'],
    ['/api/kanfang/add', { name: ['王先生'], phone: '13912345678' }, 'name'],
    ['/api/jubao/save', { houseId: listingId + 0.5, reason: '价格不真实' }, 'houseId'],
    ['/api/jubao/save', { houseId: listingId, reason: '价格不真实', images: '/files/upload/x.jpg' }, 'images'],
    ['/api/correction/insert', { houseId: listingId, houseType: '11', content: '面积应为89平米' }, 'houseType'],
    ['/api/feedback/save', { content: 12345678901 }, 'content'],
    ['/api/feedback/save', { content: true }, 'content'],
    ['/api/duanxindingyue/adddxdy', { phone: '13912345678', kind: '降价通知', houseId: '1e3' }, 'houseId'],
    ['/api/customerDemand/save', { phone: '13912345678', demandType: '买二手房', districts: String(regionId) }, 'districts'],
    ['/api/customerDemand/save', { phone: '13912345678', demandType: '买二手房', cityId: '1' }, 'cityId'],
    ['/Personinformation/save', { memberId: 'm100001', sex: '1' }, 'sex'],
    ['/Personinformation/save', { memberId: 'm100001', sex: true }, 'sex'],
    ['/apply/saveApply', { name: '张三', phone: '13912345678', stores: '5' }, 'stores'],
    ['/api/member/update', { token: 123 }, 'token'],
    ['/api/member/profile', { userId: 1, nickName: '新名字' }, 'userId'],
    ['/api/member/profile', { userId: '1', nickName: '新\u202e名字' }, 'nickName'],
    ['/api/member/profile', { userId: '1', nickName: '   ' }, 'nickName'],
    ['/api/member/revokeSessions', { userId: 1 }, 'userId'],
  ];
  for (const [url, body, field] of table) {
    const res = await post(url, body);
    t.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}`);
    t.match(res.json().message, field, `${url}: the message names ${field}`);
  }
  // Params and querystrings arrive as text: they are still read as numbers.
  t.equal((await app.inject(`/api/house/findById/1`)).json().status, 200);
  t.equal((await app.inject(`/api/activity/coupons/1`)).json().status, 200);
});

t.test('control and bidi-override characters are refused; whitespace alone is empty', async (t) => {
  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['/api/feedback/save', { content: '房源信息很好\u202Egnp.exe 请核实' }, 'content'],
    ['/api/feedback/save', { content: '页面加载太慢了\u0007请优化一下' }, 'content'],
    ['/api/feedback/save', { content: '页面加载太慢了\u2066请优化一下\u2069' }, 'content'],
    ['/api/feedback/save', { content: '              ' }, 'content'],
    ['/api/correction/insert', { houseId: listingId, content: ' \n\t  \n ' }, 'content'],
    ['/api/kanfang/add', { name: '王\n先生', phone: '13912345678' }, 'name'],
    ['/api/kanfang/add', { name: '   ', phone: '13912345678' }, 'name'],
    ['/api/customerDemand/save', { phone: '13912345678', demandType: '租房', remark: '近地铁\u200F' }, 'remark'],
  ];
  for (const [url, body, field] of bad) {
    const res = await post(url, body);
    t.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}`);
    t.match(res.json().message, field);
  }
  const ok = await post('/api/feedback/save', { content: '地图找房很好用，\n希望增加学区筛选。' });
  t.equal(ok.json().status, 200, 'newlines in a multi-line text are fine');
});

t.test('unknown fields are dropped, never stored', async (t) => {
  const junk = 'x'.repeat(200_000);
  const res = await post('/Personinformation/save', { memberId: 'm100001', realName: '张三', junk, isAdmin: true });
  t.equal(res.json().status, 200);
  const found = (await post('/Personinformation/find', { memberId: 'm100001' })).json().obj;
  t.equal(found.realName, '张三');
  t.notOk('junk' in found, 'the unknown field is not stored');
  t.notOk('isAdmin' in found);
  const db = ro();
  const size = db.prepare("SELECT length(payload) FROM person_info WHERE member_id = 'm100001'").pluck().get() as number;
  db.close();
  t.ok(size < 200, `stored payload is ${size} bytes`);
});

t.test('unknown ids are a 400 naming the field', async (t) => {
  const table: Array<[string, Record<string, unknown>, RegExp]> = [
    ['/api/kanfang/add', { houseId: 999_999_999, name: '王先生', phone: '13912345678' }, /houseId: 房源不存在/],
    ['/api/kanfang/add', { belongerId: 999_999_999, name: '王先生', phone: '13912345678' }, /belongerId/],
    ['/api/jubao/save', { houseId: 999_999_999, reason: '价格不真实' }, /houseId/],
    ['/api/correction/insert', { houseId: 999_999_999, content: '面积应为89平米' }, /houseId/],
    ['/api/duanxindingyue/adddxdy', { phone: '13912345678', kind: '降价通知', houseId: 999_999_999 }, /houseId/],
    ['/api/customerDemand/save', { phone: '13912345678', demandType: '租房', districts: [999_999] }, /districts/],
    ['/api/customerDemand/save', { phone: '13912345678', demandType: '租房', cityId: 1, districts: [otherCityRegion] }, /districts/],
  ];
  for (const [url, body, message] of table) {
    const res = await post(url, body);
    t.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}`);
    t.match(res.json().message, message);
  }
  const coupon = await app.inject('/api/activity/get/coupon/13912345678/NOSUCH99');
  t.equal(coupon.statusCode, 400);
  t.match(coupon.json().message, /couponNo: 优惠券不存在/);
});

t.test('appointments are real dates, today or later', async (t) => {
  const at = (visitDate: string) => post('/api/kanfang/add', { houseId: listingId, name: '王先生', phone: '13912345678', visitDate });
  t.equal((await at('2020-01-01')).statusCode, 400, 'in the past');
  t.match((await at('2020-01-01')).json().message, /visitDate: 日期不能早于今天/);
  t.match((await at('2027-02-30')).json().message, /visitDate: 日期不存在/);
  t.equal((await at('2027-13-01')).statusCode, 400);
  t.equal((await at('01/02/2027')).statusCode, 400, 'not the date format');
  t.equal((await at(tomorrow())).json().status, 200, 'tomorrow is fine');
  t.equal(futureDateProblem('2026-11-25', 180, Date.UTC(2026, 10, 25, 1)), null, 'today (Beijing) is fine');
  t.equal(futureDateProblem('2026-11-24', 180, Date.UTC(2026, 10, 25, 1)), '日期不能早于今天');
  t.equal(
    futureDateProblem('2026-11-25', 180, Date.UTC(2026, 10, 25, 17)),
    '日期不能早于今天',
    'after 16:00 UTC it is the next day in Beijing',
  );
  t.equal(futureDateProblem('2027-11-25', 180, Date.UTC(2026, 10, 25, 1)), '日期须在180天以内');
});

function multipart(name: string, content: Buffer, mime: string, purpose?: string) {
  const boundary = '----strict1234';
  return {
    method: 'POST' as const,
    url: `/api/file/uploadImg${purpose ? `?purpose=${purpose}` : ''}`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${mime}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

t.test('an avatar upload is checked by content, re-encoded to 256×256 and named by its hash', async (t) => {
  const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#3d6f96' } })
    .png()
    .toBuffer();
  const res = await app.inject(multipart('photo.jpg', png, 'image/jpeg', 'avatar'));
  t.equal(res.statusCode, 200, 'a PNG named .jpg is accepted');
  const obj = res.json().obj;
  t.match(obj, { url: /^\/files\/upload\/[0-9a-f]{32}\.webp$/, mime: 'image/webp' });
  const file = await app.inject(obj.url);
  t.equal(file.statusCode, 200);
  t.equal(file.headers['content-type'], 'image/webp');
  t.match(file.headers['cache-control'], /immutable/);
  const meta = await sharp(file.rawPayload).metadata();
  t.same([meta.format, meta.width, meta.height], ['webp', 256, 256], 'stored 256×256');
  const again = await app.inject(multipart('other.png', png, 'image/png', 'avatar'));
  t.equal(again.json().obj.url, obj.url, 'the same picture has the same content-hash name');

  const text = await app.inject(multipart('evil.png', Buffer.from('<svg onload=alert(1)>not a picture</svg>'), 'image/png', 'avatar'));
  t.equal(text.statusCode, 400, 'a text file named .png is refused');
  t.match(text.json().message, /^file: /);
  const gif = await app.inject(multipart('a.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif', 'avatar'));
  t.equal(gif.statusCode, 400, 'GIF is not an avatar type');
  const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
  t.equal((await app.inject(multipart('cut.png', broken, 'image/png', 'avatar'))).statusCode, 400, 'an undecodable image is refused');
  const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10, 0)]);
  const tooBig = await app.inject(multipart('big.png', big, 'image/png', 'avatar'));
  t.equal(tooBig.statusCode, 413);
  t.match(tooBig.json().message, /5MB/);
  t.equal((await app.inject(multipart('p.png', png, 'image/png', 'banner'))).statusCode, 400, 'an unknown purpose');
});
