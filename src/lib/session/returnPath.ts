import { paths } from '@/contract/paths';

/** Where a signed-in visitor goes next: the page a guard sent them from, if it was a page of this site. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.home;
}
