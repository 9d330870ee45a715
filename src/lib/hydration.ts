import { useEffect, useState } from 'react';

let pending: Promise<void> | undefined;
let finish: (() => void) | undefined;
let serverDrawn = false;

/**
 * Called before taking over server-rendered markup. Until the app's boundary has hydrated, a
 * store change that reaches its screens would make React throw the markup away and draw again,
 * so startup work that changes the store waits (see afterHydration).
 */
export function expectHydration(): void {
  serverDrawn = true;
  pending = new Promise((resolve) => {
    finish = resolve;
  });
}

/** True for the whole life of a page the server drew (and so styled), from before its hydration. */
export function drawnByServer(): boolean {
  return serverDrawn;
}

/** Runs the work once the page is hydrated, or at once when the browser drew it. */
export function afterHydration(work: () => void): void {
  if (pending) void pending.then(work);
  else work();
}

/** Rendered last inside the app's boundary: its effect runs when everything above it has hydrated. */
export function HydrationDone(): null {
  useEffect(() => {
    finish?.();
    pending = undefined;
  }, []);
  return null;
}

/** False while the markup may still be the server's (before this component's first effect). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
