/**
 * The chat screens' media in the browser (issue 18): a photo is shrunk and re-encoded before it is uploaded (a phone's
 * 4000-pixel, 5 MB picture leaves as a JPEG of at most 1280 pixels), and a voice message is recorded with
 * MediaRecorder where the browser allows the microphone.
 */

export const IMAGE_MAX_SIDE = 1280;
export const IMAGE_QUALITY = 0.8;

/** The size a picture is shrunk to: its longer side at most `max`, never enlarged. */
export function fitInside(width: number, height: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  const k = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

export async function compressImage(file: Blob): Promise<{ blob: Blob; width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = fitInside(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('图片处理失败');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, size.width, size.height);
  g.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', IMAGE_QUALITY));
  if (!blob) throw new Error('图片处理失败');
  return { blob, ...size };
}

/** POST the file to the portal's chat upload (member only, same origin); the gateway stores it. */
export async function uploadChatFile(blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', blob, name);
  const res = await fetch('/-/im/upload', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  const answer = (await res.json().catch(() => null)) as { obj?: { url?: string }; message?: string } | null;
  if (!res.ok || !answer?.obj?.url) throw new Error(answer?.message || '上传失败，请重试');
  return answer.obj.url;
}

export const MIC_DENIED = '无法使用麦克风：请在浏览器设置中允许本站使用麦克风';
export const MIC_UNSUPPORTED = '当前浏览器不支持录音';

/** Start recording; `stop()` gives the clip and its length in seconds. Rejects with MIC_DENIED or MIC_UNSUPPORTED. */
export async function startRecording(): Promise<{ stop(): Promise<{ blob: Blob; seconds: number }>; cancel(): void }> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new Error(MIC_UNSUPPORTED);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    throw new Error(MIC_DENIED);
  }
  const recorder = new MediaRecorder(stream);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const started = Date.now();
  recorder.start();
  const end = () => {
    for (const track of stream.getTracks()) track.stop();
  };
  return {
    stop: () =>
      new Promise((resolve) => {
        recorder.onstop = () => {
          end();
          resolve({
            blob: new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }),
            seconds: Math.max(1, Math.round((Date.now() - started) / 1000)),
          });
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = end;
      if (recorder.state !== 'inactive') recorder.stop();
      else end();
    },
  };
}
