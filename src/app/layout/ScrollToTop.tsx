import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

import { prefersReducedMotion } from '@/lib/motion';

/**
 * Every path change starts at the top of the new page; smoothly unless less motion is wanted.
 * The first page is left where the browser put it (the top, or where a reload was).
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (shown.current !== null && shown.current !== pathname) window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    shown.current = pathname;
  }, [pathname]);
  return null;
}
