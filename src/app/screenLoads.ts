import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How many screens' code is on its way. Navigations run in transitions, so the current page stays
 * up while the next one's code loads: this count is how the app knows that a navigation waits.
 */
let pending = 0;
const listeners = new Set<() => void>();

function changed(by: number) {
  pending += by;
  for (const listener of listeners) listener();
}

/** Counts a screen's code as loading until the promise settles. */
export function trackScreenLoad<T>(load: Promise<T>): Promise<T> {
  changed(1);
  return load.finally(() => changed(-1));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a screen has been loading for `delayMs`: a quick load shows nothing at all. */
export function useSlowScreenLoad(delayMs: number): boolean {
  const loading = useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return undefined;
    }
    const timer = setTimeout(() => setSlow(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return loading && slow;
}
