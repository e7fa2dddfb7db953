import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `restart(seconds)`'s moment; counts from wall time so a backgrounded tab stays right. */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  const restart = useCallback((seconds: number) => {
    const at = Date.now();
    setEndsAt(at + seconds * 1000);
    setNow(at);
  }, []);

  return { secondsLeft, restart };
}
