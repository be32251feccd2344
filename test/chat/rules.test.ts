import t from 'tap';
import { gatewayTimeToMs, messageOfRecord, payloadOfRecord, previewOf } from '../../src/lib/chat.ts';
import { startTestBackend } from '../helpers/backend.ts';

/** Chat rules (issue 18; SPEC 3, 9) and the demo member's seeded conversations. */

t.test('stored records read as contract messages; previews per type', async (t) => {
  t.equal(gatewayTimeToMs('2026-11-20 16:00:00'), Date.UTC(2026, 10, 20, 8, 0, 0), 'Beijing wall-clock time');
  t.same(payloadOfRecord('text', '您好'), { msgType: 'text', content: { text: '您好' } }, 'a bare seeded text');
  t.same(payloadOfRecord('text', '{"text":"{x}"}'), { msgType: 'text', content: { text: '{x}' } });
  t.equal(payloadOfRecord('images', 'not json'), null, 'a record that does not read as its type');
  t.match(
    messageOfRecord({
      id: 5,
      fromId: 'm1',
      toId: 'b1',
      msgType: 'map',
      content: '{"lat":28.2,"lng":112.9,"title":"时代苑","address":"岳麓区"}',
      createdAt: '2026-11-20 16:00:00',
      read: true,
    }),
    {
      id: '5',
      msgType: 'map',
      content: { title: '时代苑' },
      read: true,
    },
  );
  const previews = [
    previewOf({ msgType: 'images', content: { url: '/files/upload/x.webp', width: 1, height: 1 } }),
    previewOf({ msgType: 'voice', content: { url: '/files/upload/x.webm', seconds: 3 } }),
    previewOf({ msgType: 'house', content: { title: 't' } as never }),
    previewOf({ msgType: 'map', content: { lat: 0, lng: 0, title: '', address: '' } }),
  ];
  t.same(previews, ['[图片]', '[语音]', '[房源]', '[位置]']);
});

t.test('the demo member has seeded conversations with agents, the newest one unread', async (t) => {
  const backend = await startTestBackend();
  t.teardown(() => backend.close());
  const res = await fetch(`${backend.url}/api/microchat/sessions/m100001`);
  const body = (await res.json()) as {
    obj: Array<{ targetId: string; unread: number; agent: { name: string } | null; lastContent: string }>;
  };
  t.equal(body.obj.length, 3);
  t.ok(
    body.obj.every((c) => c.agent?.name && c.lastContent),
    'each with its agent and last message',
  );
  t.ok((body.obj[0]?.unread ?? 0) > 0, 'the newest is unread');
  t.same(
    body.obj.slice(1).map((c) => c.unread),
    [0, 0],
  );
  const unread = (await (await fetch(`${backend.url}/api/microchat/unread/m100001`)).json()) as { obj: { total: number } };
  t.equal(unread.obj.total, body.obj[0]?.unread);
});
