import { Alert, Button, LoadingText, Page } from '@/ui';

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
