import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import Database from '../../src/backend/sqlite-driver.ts';
import { CHAT_VOICE_MAX_SECONDS, checkVoiceClip } from '../../src/lib/chat-voice.ts';
import { buildAppOverBackend, type TestApp } from '../helpers/build.ts';

/**
 * A voice upload is really a recording (issue 33): parsed by music-metadata from memory, it must hold an audio track in
 * a codec browsers play and last more than nothing and at most 5 minutes. Real one-second recordings of every accepted
 * container (test/chat/fixtures/voice, made by make-voice-fixtures.ts: Chromium's MediaRecorder and ffmpeg) are
 * stored; a header followed by garbage, a webm of video only, a cut-off file and a clip too long are refused with 400
 * and a Chinese message, and nothing is stored.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'voice');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const UNREADABLE = '语音文件无法识别，请重新录制';

/** Bytes that are no audio: a fixed pseudo-random pattern (no MPEG frame sync, no box structure). */
function garbage(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x2545f491;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = (x & 0x7f) | 0x01;
  }
  return out;
}

/** tone.mp3 is an ID3v2 tag, then 144-byte MPEG frames (no Xing frame): its tag, and its frames. */
function mp3Parts(): { tag: Buffer; frames: Buffer } {
  const mp3 = fixture('tone.mp3');
  const b = mp3.subarray(6, 10);
  const size = 10 + (((b[0] as number) << 21) | ((b[1] as number) << 14) | ((b[2] as number) << 7) | (b[3] as number));
  return { tag: mp3.subarray(0, size), frames: mp3.subarray(size) };
}

/** A valid PCM WAV: audio, but not a type the chat keeps. */
function wav(seconds: number, rate = 8000): Buffer {
  const data = Buffer.alloc(seconds * rate * 2);
  for (let i = 0; i < seconds * rate; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const ACCEPTED: Array<[file: string, ext: string, mime: string]> = [
  ['recorded.webm', 'webm', 'audio/webm'],
  ['recorded.m4a', 'm4a', 'audio/mp4'],
  ['tone.ogg', 'ogg', 'audio/ogg'],
  ['tone.m4a', 'm4a', 'audio/mp4'],
  ['tone.mp3', 'mp3', 'audio/mpeg'],
];

t.test('the check (src/lib/chat-voice.ts) on every fixture', async (t) => {
  for (const [file, ext] of ACCEPTED) {
    const check = await checkVoiceClip(fixture(file));
    t.match(check, { ok: true, ext }, file);
    if (check.ok) t.ok(check.seconds > 0 && check.seconds <= 2, `${file}: ${check.seconds} s, ${check.codec}`);
  }
  t.match(await checkVoiceClip(fixture('video-only.webm')), { ok: false, status: 400, reason: /video/ }, 'a webm of video only');
});

t.test('POST /-/chat/voice stores real recordings and refuses the rest', async (t) => {
  const portal = (await buildAppOverBackend(t)) as TestApp & { backend: { dataDir: string } };
  const member = portal.memberCookie();
  const uploads = () => {
    const db = new Database(`${portal.backend.dataDir}/portal.db`, { readonly: true });
    try {
      return db.prepare('SELECT COUNT(*) FROM upload').pluck().get() as number;
    } finally {
      db.close();
    }
  };
  const upload = async (bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'voice');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    return portal.app.inject({
      method: 'POST',
      url: '/-/chat/voice',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { host: 'localhost', cookie: member, accept: 'application/json', 'content-type': req.headers.get('content-type') as string },
    });
  };

  t.test('a real recording of each accepted type is stored and served', async (t) => {
    for (const [file, ext, mime] of ACCEPTED) {
      const res = await upload(fixture(file));
      t.equal(res.statusCode, 200, `${file}: ${res.body}`);
      const { url } = res.json().obj as { url: string };
      t.match(url, new RegExp(`^/files/upload/[0-9a-f-]{36}\\.${ext}$`), file);
      const served = await portal.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
      t.equal(served.headers['content-type'], mime, `${file} served as ${mime}`);
      t.same(served.rawPayload, fixture(file), `${file} kept as sent`);
    }
  });

  t.test('not a recording: 400 with a Chinese message, nothing stored', async (t) => {
    const { tag, frames } = mp3Parts();
    const ogg = fixture('tone.ogg');
    const refused: Array<[what: string, bytes: Uint8Array, message: string | RegExp]> = [
      ['an ID3 header followed by garbage', Buffer.concat([tag, garbage(4000)]), UNREADABLE],
      ['a bare ID3 header', Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, 0])]), UNREADABLE],
      ['the webm magic followed by garbage', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), garbage(4000)]), UNREADABLE],
      [
        'an EBML header and nothing else (what the old test uploaded)',
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42]),
        UNREADABLE,
      ],
      ['a webm of video only (Chromium, canvas)', fixture('video-only.webm'), UNREADABLE],
      ['the Ogg magic followed by garbage', Buffer.concat([Buffer.from('OggS'), garbage(4000)]), UNREADABLE],
      ['an Ogg Opus file cut after its headers', ogg.subarray(0, 200), UNREADABLE],
      [
        'an MP4 ftyp box followed by garbage',
        Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A '), garbage(4000)]),
        UNREADABLE,
      ],
      ['an MPEG frame sync followed by garbage', Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), garbage(4000)]), UNREADABLE],
      ['a WAV (audio, but not a type the chat keeps)', wav(1), /^只支持/],
      ['HTML', new TextEncoder().encode('<html>not a recording</html>'), /^只支持/],
      // 281 × 30 frames of 36 ms: 303 s of real MPEG audio, 1.2 MB.
      [
        `a clip longer than ${CHAT_VOICE_MAX_SECONDS} s`,
        Buffer.concat([tag, ...Array.from({ length: 281 }, () => frames)]),
        `语音不能超过${CHAT_VOICE_MAX_SECONDS / 60}分钟`,
      ],
    ];
    const before = uploads();
    for (const [what, bytes, message] of refused) {
      const res = await upload(bytes);
      t.equal(res.statusCode, 400, what);
      t.match(res.json(), { status: 400, message }, what);
    }
    t.equal(uploads(), before, 'nothing stored');
    const under = await upload(Buffer.concat([tag, ...Array.from({ length: 270 }, () => frames)]));
    t.equal(under.statusCode, 200, 'a 292 s clip is within the limit');
  });
});
