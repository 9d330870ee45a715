import { useEffect, useRef } from 'react';

/**
 * Runs `action` once, when the screen first shows: the call an emailed link makes when opened.
 * React mounts a screen twice in development to check its effects; the call still happens once.
 */
export function useOnce(action: () => void): void {
  const done = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    latest.current();
  }, []);
}
