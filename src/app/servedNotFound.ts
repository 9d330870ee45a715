import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The mark on the root element of the server's not-found page. The server answers it, without drawing
 * anything else, at every address that names nothing: unknown ones, and a note, paper or tag that is
 * not there, whose screens would otherwise draw something else than the page hydrated.
 */
export const NOT_FOUND_MARK = 'data-not-found';

/** The address the page was loaded at, when the server answered it with its not-found page. */
function notFoundAtLoad(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.getElementById('root')?.hasAttribute(NOT_FOUND_MARK) ? window.location.pathname : undefined;
}

/** Whether the current address is the one the server answered with its not-found page; forgotten once the visitor moves on. */
export function useServedNotFound(): boolean {
  const { pathname } = useLocation();
  const [servedAt, setServedAt] = useState(notFoundAtLoad);
  const shown = servedAt === pathname;
  useEffect(() => {
    if (servedAt !== undefined && !shown) setServedAt(undefined);
  }, [servedAt, shown]);
  return shown;
}
