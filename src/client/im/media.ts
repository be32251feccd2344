/** A voice message in the browser (issue 18): recorded with MediaRecorder where the browser allows the microphone. */

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
