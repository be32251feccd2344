import type { ChatImage, ChatVoice } from '../../contracts/chat.ts';
import { CHAT_API } from '../../lib/chat.ts';
import { ChatHttpError } from './http.ts';

/** Longest side of a picture sent in chat, after compression in the browser (the server holds it to 1280 again). */
export const CHAT_IMAGE_MAX_SIDE = 1280;

/** Width and height that fit `max` on the long side, never enlarged. */
export function fitWithin(width: number, height: number, max = CHAT_IMAGE_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A picture compressed in the browser before upload (issue 18): decoded, drawn on a canvas at most 1280 px on its long
 * side, encoded as JPEG. Anything the browser cannot decode is returned as it was (the server checks it by content).
 */
export async function compressImage(file: Blob, quality = 0.82): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) {
    bitmap.close();
    return file;
  }
  g.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  return blob ?? file;
}

/** Compress, then POST {apiBase}/image; the stored picture for an `images` message. */
export async function uploadChatImage(file: Blob, apiBase = CHAT_API): Promise<ChatImage> {
  const body = new FormData();
  body.append('file', await compressImage(file), 'chat.jpg');
  const res = await fetch(`${apiBase}/image`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  // The action stage's answer (src/actions/chat.ts): { status, message, obj: ChatImage }.
  const json = (await res.json().catch(() => null)) as { message?: string; obj?: ChatImage } | null;
  if (!res.ok || !json?.obj) throw new ChatHttpError(res.status, json?.message || '图片上传失败，请重试');
  return { url: json.obj.url, width: json.obj.width, height: json.obj.height };
}

/** POST {apiBase}/voice: a recording (MediaRecorder's webm/ogg/mp4) for a `voice` message; send its seconds with it. */
export async function uploadChatVoice(clip: Blob, apiBase = CHAT_API): Promise<ChatVoice> {
  const body = new FormData();
  body.append('file', clip, 'voice');
  const res = await fetch(`${apiBase}/voice`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  const json = (await res.json().catch(() => null)) as { message?: string; obj?: ChatVoice } | null;
  if (!res.ok || !json?.obj) throw new ChatHttpError(res.status, json?.message || '语音发送失败，请重试');
  return { url: json.obj.url };
}
