import t from 'tap';
import { collectKindOf } from '../../src/ui/detail/ListingFooter.tsx';
import { CHAT_ID_REQUIRED, chatSessionPath, loginHref, telHref } from '../../src/ui/detail/links.ts';
import { pageWindow } from '../../src/ui/list/Pagination.tsx';

t.test('SPEC 5: the chat jump needs the agent uid or belongerId', async (t) => {
  t.equal(CHAT_ID_REQUIRED, '经纪人ID/UID 必传一个');
  t.equal(chatSessionPath(null), null);
  t.equal(chatSessionPath({ uid: '', belongerId: null, name: '张三' }), null, 'no id → no jump (the toast is shown)');
  t.equal(chatSessionPath({ belongerId: 12 }), '/im/session?belongerId=12');
  t.equal(chatSessionPath({ uid: 'b100012' }), '/im/session?uid=b100012');
  t.equal(
    chatSessionPath({ uid: 'b1', belongerId: 1, name: '李四' }, { houseId: 9, houseType: 11 }),
    `/im/session?belongerId=1&uid=b1&name=${encodeURIComponent('李四')}&houseId=9&houseType=11`,
  );
});

t.test('SPEC 4: a visitor goes to /login with bUrl holding the chat session path', async (t) => {
  const session = chatSessionPath({ uid: 'b1', belongerId: 1 }, { houseId: 9, houseType: 12 }) as string;
  t.equal(loginHref(session), `/login?bUrl=${encodeURIComponent('/im/session?belongerId=1&uid=b1&houseId=9&houseType=12')}`);
});

t.test('SPEC 7.8: the four favourite kinds by house type', async (t) => {
  t.equal(collectKindOf(11), 'ershoufang');
  t.equal(collectKindOf(13), 'ershoufang');
  t.equal(collectKindOf(15), 'ershoufang');
  t.equal(collectKindOf(12), 'rent');
  t.equal(collectKindOf(14), 'rent');
  t.equal(collectKindOf(16), 'rent');
  t.equal(collectKindOf(1), 'newhouse');
});

t.test('zhcall webCall → tel: link with the extension after a pause', async (t) => {
  t.equal(telHref('400-888-0731,8012'), 'tel:4008880731,8012');
  t.equal(telHref('0731-12345'), 'tel:073112345');
});

t.test('pagination window', async (t) => {
  t.same(pageWindow(1, 1), []);
  t.same(pageWindow(1, 3), [1, 2, 3]);
  t.same(pageWindow(1, 150), [1, 2, 3, '…', 150]);
  t.same(pageWindow(6, 20), [1, '…', 4, 5, 6, 7, 8, '…', 20]);
  t.same(pageWindow(20, 20), [1, '…', 18, 19, 20]);
  t.same(pageWindow(4, 20), [1, 2, 3, 4, 5, 6, '…', 20]);
});
