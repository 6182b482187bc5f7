import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left of a cooldown, ticking down once a second; start(n) (re)starts it. */
export function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) {
        window.clearInterval(timer);
        setEndsAt(null);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(seconds > 0 ? t + seconds * 1000 : null);
  }, []);

  const secondsLeft = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return [secondsLeft, start];
}
