import { useEffect } from 'react';

export const LEAVE_QUESTION = 'Leave this page? Your unsaved changes will be lost.';

/** A plain left click on a link that would take the reader to another address in this tab. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  // A jump within the page (#history) leaves nothing.
  if (link.getAttribute('href')?.startsWith('#')) return undefined;
  return link;
}

/**
 * Asks before unsaved edits are left behind. The app's router is a component router, which has no
 * navigation blocking, so the guard works below it: the browser's own prompt covers reloading and
 * closing the tab, and a click on any link of the app (top bar, footer, the screen's own links) asks
 * first, before the router sees it. The browser's back button is not covered.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    // On the document in the capture phase: before React's own handlers, at the app's root, run.
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(LEAVE_QUESTION)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
