import { useEffect, useState } from 'react';

let pending: Promise<void> | undefined;
let finish: (() => void) | undefined;
let serverDrawn = false;

/** styled-components finds the server's style sheets by this mark (their version must be its own). */
const VERSION_MARK = 'data-styled-version';
const HELD_MARK = 'data-held-styled-version';

/**
 * styled-components takes over the server's style sheets as it is first evaluated, moving every rule
 * into a sheet of its own: with its evaluation, one of startup's longest tasks on a phone. Setting
 * their mark aside until releaseServerStyles lets the takeover run as a step of its own.
 */
function holdServerStyles(): void {
  // Not styled-components' own ("active") sheets, should it already run.
  document.querySelectorAll(`style[${VERSION_MARK}]:not([data-styled="active"])`).forEach((style) => {
    style.setAttribute(HELD_MARK, style.getAttribute(VERSION_MARK) ?? '');
    style.removeAttribute(VERSION_MARK);
  });
}

/**
 * Called before taking over server-rendered markup, and before styled-components is evaluated. Until
 * the app's boundary has hydrated, a store change that reaches its screens would make React throw the
 * markup away and draw again, so startup work that changes the store waits (see afterHydration).
 */
export function expectHydration(): void {
  serverDrawn = true;
  pending = new Promise((resolve) => {
    finish = resolve;
  });
  holdServerStyles();
}

/** Gives the held style sheets their mark back; true when there were any. */
export function releaseServerStyles(): boolean {
  const held = document.querySelectorAll(`style[${HELD_MARK}]`);
  held.forEach((style) => {
    style.setAttribute(VERSION_MARK, style.getAttribute(HELD_MARK) ?? '');
    style.removeAttribute(HELD_MARK);
  });
  return held.length > 0;
}

/** True for the whole life of a page the server drew (and so styled), from before its hydration. */
export function drawnByServer(): boolean {
  return serverDrawn;
}

/**
 * Runs the work once the page is hydrated, or at once when the browser drew it. After hydration it
 * runs in a task of its own: the hydration's effects (every subscription of the page) take one task
 * already, and a store change made in it would add a whole re-render to that task.
 */
export function afterHydration(work: () => void): void {
  if (pending) void pending.then(() => setTimeout(work, 0));
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
