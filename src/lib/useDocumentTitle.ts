import { useEffect } from 'react';
import { site } from '../content/site';

/** Sets the browser tab title to `<title> | <product name>`, or the product name alone. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${site.productName}` : site.productName;
  }, [title]);
}
