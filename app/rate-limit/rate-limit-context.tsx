import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

interface RateLimit {
  /** Seconds until the next request may be made; 0 when not limited. */
  secondsLeft: number;
  limited: boolean;
  /** Starts (or extends) the countdown after a 429 with this Retry-After. */
  limitFor: (seconds: number) => void;
}

const RateLimitContext = createContext<RateLimit>({ secondsLeft: 0, limited: false, limitFor: () => {} });

/**
 * SPEC §1 "Rate-limit display": after any 429 the UI counts down to the moment the next
 * request may be made, then calls `onExpire` (to retry) and re-enables its controls.
 */
export function RateLimitProvider({ children, onExpire }: { children: ReactNode; onExpire?: () => void }) {
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const expire = useRef(onExpire);
  expire.current = onExpire;

  const limitFor = useCallback((seconds: number) => {
    const at = Date.now() + Math.max(1, seconds) * 1000;
    setNow(Date.now());
    setRetryAt((current) => (current && current > at ? current : at));
  }, []);

  useEffect(() => {
    if (retryAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= retryAt) {
        setRetryAt(null);
        expire.current?.();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [retryAt]);

  const secondsLeft = retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
  const value = useMemo(() => ({ secondsLeft, limited: retryAt !== null, limitFor }), [secondsLeft, retryAt, limitFor]);
  return <RateLimitContext.Provider value={value}>{children}</RateLimitContext.Provider>;
}

export function useRateLimit(): RateLimit {
  return useContext(RateLimitContext);
}
