import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its heading (its data arriving) before focus is left where it is. */
const HEADING_WAIT_MS = 5000;

/**
 * After a move to another page within the app (not the first page, which the browser announces
 * itself), puts the focus on the new page's main heading, as a full page load would start there:
 * screen readers announce the page, and the keyboard carries on from its top instead of from a link
 * of the page before. Focus the page already moved into its content (a field, a message, the tabs
 * of a screen that stayed) is left alone.
 */
export function FocusPageHeading() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    if (previous === null || previous === pathname) return undefined;

    /** True once there is nothing more to do: the heading has the focus, or the page has it elsewhere. */
    const focusHeading = (): boolean => {
      const main = document.querySelector('main');
      const active = document.activeElement;
      if (main && active && active !== document.body && main.contains(active)) return true;
      const heading = main?.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      // The page is already on its way to the top (ScrollToTop), smoothly.
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return undefined;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
