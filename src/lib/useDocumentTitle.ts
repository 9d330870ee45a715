import { useEffect } from 'react';

import { documentTitle } from '../content/head';

/** Sets the browser tab title to `<title> | <product name>`, or the product name alone. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
