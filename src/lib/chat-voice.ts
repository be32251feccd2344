import type { IAudioMetadata } from 'music-metadata';

/**
 * Is a chat voice upload really a recording (issue 33)? The magic bytes name the container (webm, ogg, m4a or mp3, the
 * types the gateway keeps), then music-metadata parses it from memory: the container must be the one the bytes
 * announce, carry an audio track in a codec browsers play (Opus or Vorbis in webm and Ogg, AAC or Opus in MP4, MPEG
 * layer III), no video, and last more than nothing and at most CHAT_VOICE_MAX_SECONDS. A header followed by anything
 * else does not parse and is refused.
 */

/** The gateway keeps a clip of at most 2 MB (POST /api/file/uploadVoice). */
export const CHAT_VOICE_MAX_BYTES = 2 * 1024 * 1024;
/** The longest clip, seconds: the voice message's own bound (plugins/chat-frames.ts `seconds` ≤ 300). */
export const CHAT_VOICE_MAX_SECONDS = 300;

export const CHAT_VOICE_MESSAGES = {
  unsupported: '只支持 webm、ogg、m4a、mp3 语音',
  unreadable: '语音文件无法识别，请重新录制',
  tooLong: `语音不能超过${CHAT_VOICE_MAX_SECONDS / 60}分钟`,
  tooLarge: `语音不能超过${CHAT_VOICE_MAX_BYTES / 1024 / 1024}MB`,
} as const;

interface VoiceKind {
  ext: 'webm' | 'ogg' | 'm4a' | 'mp3';
  magic: (b: Uint8Array) => boolean;
  /** music-metadata's `format.container` for this kind (MP4 reports its brands, e.g. `M4A/isom/iso2`). */
  container: RegExp;
  codec: RegExp;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The same magic bytes as the gateway's (src/backend/routes/files.ts AUDIO_SIGNATURES), in the same order. */
const KINDS: VoiceKind[] = [
  {
    ext: 'webm',
    magic: (b) => b.length > 4 && b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3,
    container: /^EBML\/webm$/i,
    codec: /opus|vorbis/i,
  },
  { ext: 'ogg', magic: (b) => b.length > 4 && ascii(b, 0, 4) === 'OggS', container: /^Ogg$/i, codec: /opus|vorbis/i },
  // MP4 reports its ftyp brands as the container (`M4A/isom/iso2`, Chromium's `isom/iso6/iso2/vp09/mp41`).
  { ext: 'm4a', magic: (b) => b.length > 12 && ascii(b, 4, 8) === 'ftyp', container: /^(?!EBML\/|Ogg$|MPEG$)\S/, codec: /aac|opus/i },
  {
    ext: 'mp3',
    magic: (b) => b.length > 3 && (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] as number) & 0xe0) === 0xe0)),
    container: /^MPEG$/,
    codec: /layer 3/i,
  },
];

export type VoiceCheck =
  | { ok: true; ext: VoiceKind['ext']; codec: string; seconds: number }
  | { ok: false; status: 400 | 413; reason: string; message: string };

let parser: Promise<typeof import('music-metadata')> | null = null;
/** music-metadata, loaded on the first clip (it is not needed to start the portal). */
const musicMetadata = () => {
  parser ??= import('music-metadata');
  return parser;
};

const refuse = (reason: string, message: string = CHAT_VOICE_MESSAGES.unreadable, status: 400 | 413 = 400): VoiceCheck => ({
  ok: false,
  status,
  reason,
  message,
});

/** The codecs of the audio tracks music-metadata found (MP4 with Opus names it on the track only). */
function audioCodecs(meta: IAudioMetadata): string[] {
  const names = [meta.format.codec, ...(meta.format.trackInfo ?? []).filter((t) => t.audio || t.type === 2).map((t) => t.codecName)];
  return names.filter((n): n is string => typeof n === 'string' && n.length > 0);
}

/** Checks a voice clip held in memory; never throws. */
export async function checkVoiceClip(data: Uint8Array): Promise<VoiceCheck> {
  if (data.length === 0) return refuse('empty');
  if (data.length > CHAT_VOICE_MAX_BYTES) return refuse('too large', CHAT_VOICE_MESSAGES.tooLarge, 413);
  const kind = KINDS.find((k) => k.magic(data));
  if (!kind) return refuse('no known magic bytes', CHAT_VOICE_MESSAGES.unsupported);
  let meta: IAudioMetadata;
  try {
    const { parseBuffer } = await musicMetadata();
    meta = await parseBuffer(data, undefined, { duration: true, skipCovers: true });
  } catch (err) {
    return refuse(`${kind.ext} does not parse: ${(err as Error).message}`.slice(0, 200));
  }
  const f = meta.format;
  if (!kind.container.test(f.container ?? '')) return refuse(`${kind.ext} magic but container ${f.container ?? 'none'}`);
  if (f.hasVideo) return refuse(`${kind.ext} carries video`);
  const codec = audioCodecs(meta).find((c) => kind.codec.test(c));
  if (!f.hasAudio || !codec) return refuse(`${kind.ext} without a playable audio track (${audioCodecs(meta).join(',') || 'none'})`);
  const seconds = f.duration;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return refuse(`${kind.ext} without a duration`);
  if (seconds > CHAT_VOICE_MAX_SECONDS) return refuse(`${kind.ext} lasts ${Math.round(seconds)} s`, CHAT_VOICE_MESSAGES.tooLong);
  return { ok: true, ext: kind.ext, codec, seconds };
}
