import type { ReactElement } from 'react';

import type { SiteContent } from '@/contract/content';

import { useSiteContent } from '../lib/content/useSiteContent';
import { Alert } from './Alert';
import { Button } from './Button';
import { LoadingText, Page } from './Page';

/** What a page that shows the site's words says while they have not arrived, or could not. */
export function ContentPending({ isError, retry }: { isError: boolean; retry: () => void }) {
  return (
    <Page>
      {isError ? (
        <Alert tone="error">
          This page could not be loaded. Check your connection and{' '}
          <Button $variant="secondary" onClick={retry}>
            try again
          </Button>
        </Alert>
      ) : (
        <LoadingText>Loading...</LoadingText>
      )}
    </Page>
  );
}

/** For a page made of the site's words: the words, or the element to show until they are there. */
export function useSiteContentPage(): { content: SiteContent; pending: null } | { content: undefined; pending: ReactElement } {
  const { content, isError, refetch } = useSiteContent();
  return content ? { content, pending: null } : { content, pending: <ContentPending isError={isError} retry={refetch} /> };
}
