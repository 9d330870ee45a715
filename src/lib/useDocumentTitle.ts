import { useEffect } from 'react';

import { documentTitle } from '../content/head';
import { useSiteContent } from './content/useSiteContent';

/** Sets the browser tab title to `<title> | <owner's name>`, or the name alone. */
export function useDocumentTitle(title?: string): void {
  const name = useSiteContent().content?.name ?? '';
  useEffect(() => {
    document.title = documentTitle(name, title);
  }, [name, title]);
}
