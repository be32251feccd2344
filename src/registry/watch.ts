import { type StatsListener, unwatchFile, watchFile } from 'node:fs';

/**
 * Calls `onChange` when the file's mtime or size changes. Polling (500 ms) survives editors that replace the
 * file by rename and works on every file system, which fs.watch does not; a change lands well within 2 s.
 */
export function watchRegistryFile(path: string, onChange: () => void, intervalMs = 500): () => void {
  const listener: StatsListener = (curr, prev) => {
    if (curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size) onChange();
  };
  watchFile(path, { interval: intervalMs, persistent: false }, listener);
  return () => unwatchFile(path, listener);
}
