import { useSelector } from 'react-redux';

import type { SiteContent } from '@/contract/content';
import { resolveContent } from '@/contract/identity';

import { useGetSiteContentQuery } from '../api/siteContentApi';
import type { contentPreviewSlice } from './previewSlice';
import { selectDraft } from './previewSlice';

type WithPreview = { [contentPreviewSlice.reducerPath]: ReturnType<typeof contentPreviewSlice.getInitialState> };

/** True while staff preview unsaved content. */
export function useIsPreviewing(): boolean {
  return useSelector((state: WithPreview) => selectDraft(state)) !== null;
}

/**
 * The content with its identity filled in, once per answer rather than once per component that shows
 * it: a page has several, and the server renders every page from the same answer until it changes.
 */
const resolved = new WeakMap<SiteContent, SiteContent>();

function resolvedContent(words: SiteContent): SiteContent {
  let content = resolved.get(words);
  if (!content) {
    content = resolveContent(words);
    resolved.set(words, content);
  }
  return content;
}

/**
 * The site's words as a page shows them: the draft being previewed, otherwise the saved content
 * (handed over with the page; fetched only if it was not), with the lines that show the owner's
 * email or profiles filled in from the identity. Undefined until it has arrived.
 */
export function useSiteContent(): { content: SiteContent | undefined; isError: boolean; refetch: () => void } {
  const draft = useSelector((state: WithPreview) => selectDraft(state));
  const { data, isError, refetch } = useGetSiteContentQuery();
  const words = draft ?? data?.content;
  const content = words && resolvedContent(words);
  return { content, isError, refetch };
}
