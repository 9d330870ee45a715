import { useSelector } from 'react-redux';

import type { SiteContent } from '@/contract/content';

import { useGetSiteContentQuery } from '../api/siteContentApi';
import type { contentPreviewSlice } from './previewSlice';
import { selectDraft } from './previewSlice';

type WithPreview = { [contentPreviewSlice.reducerPath]: ReturnType<typeof contentPreviewSlice.getInitialState> };

/** True while staff preview unsaved content. */
export function useIsPreviewing(): boolean {
  return useSelector((state: WithPreview) => selectDraft(state)) !== null;
}

/**
 * The site's words as a page shows them: the draft being previewed, otherwise the saved content
 * (handed over with the page; fetched only if it was not). Undefined until it has arrived.
 */
export function useSiteContent(): { content: SiteContent | undefined; isError: boolean; refetch: () => void } {
  const draft = useSelector((state: WithPreview) => selectDraft(state));
  const { data, isError, refetch } = useGetSiteContentQuery();
  return { content: draft ?? data?.content, isError, refetch };
}
