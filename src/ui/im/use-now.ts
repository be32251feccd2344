import { useEffect, useState } from 'react';

/**
 * The clock the time labels read: the server's render time first (so the browser's first render matches the server's
 * HTML), then the browser's, refreshed every 30 s so 刚刚 becomes 1分钟前 while the screen is open.
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
