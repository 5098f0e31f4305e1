import { useEffect, useState, useSyncExternalStore } from 'react';

// When each AI action may be tried again after a 429, by action key. It lives outside the
// components because a menu item unmounts as soon as its menu closes, and the countdown
// must outlive that (SPEC §7: the UI counts down until the next request is allowed).
const retryAtByKey = new Map<string, number>();
const listeners = new Set<() => void>();

export function setRetryAt(key: string, retryAt: number): void {
  retryAtByKey.set(key, retryAt);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds until `key` may be tried again, ticking once a second; 0 when free to go. */
export function useRetryIn(key: string): number {
  const retryAt = useSyncExternalStore(
    subscribe,
    () => retryAtByKey.get(key) ?? 0,
    () => 0,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [retryAt]);
  return retryAt > now ? Math.ceil((retryAt - now) / 1000) : 0;
}
