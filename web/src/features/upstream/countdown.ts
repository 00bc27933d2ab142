import { useEffect, useState } from 'react';

/**
 * The clock time a wait of `seconds` (as the server said it, when this mounted) ends, and the
 * seconds left, counting down once a second until 0.
 */
export function useCountdown(seconds: number | null): { until: Date; left: number } | null {
  const [until] = useState(() => (seconds === null ? null : new Date(Date.now() + seconds * 1000)));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until.getTime()) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  return { until, left: Math.max(0, Math.ceil((until.getTime() - now) / 1000)) };
}
