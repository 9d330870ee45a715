import { Link, useParams } from 'react-router-dom';

import { FOLLOW_MESSAGES } from '@/contract/followRules';
import { paths } from '@/contract/paths';
import { isNetworkError, isNotFound, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import { useUnsubscribeMutation } from '@/lib/api/followApi';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useOnce } from '@/lib/useOnce';
import { Alert, Button, LoadingText, Page, Prose } from '@/ui';

const NOT_STOPPED = 'The emails could not be stopped just now. Please try again.';

/**
 * Where the unsubscribe link of every follower mail leads: opening it stops the mail, without signing
 * in, and the page says what was stopped.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const { token = '' } = useParams();
  const [unsubscribe, { data, error, isError, isLoading }] = useUnsubscribeMutation();
  useOnce(() => void unsubscribe(token));
  const unknownLink = isError && isNotFound(error);

  return (
    <Page>
      <Prose>
        <h1>Unsubscribe</h1>
        {!data && !isError && <LoadingText>Stopping the emails...</LoadingText>}
        {data && (
          <>
            <Alert tone="success">{data.detail}</Alert>
            <p>
              Changed your mind? <Link to={paths.follow}>Follow again</Link>.
            </p>
          </>
        )}
        {unknownLink && <Alert tone="error">{FOLLOW_MESSAGES.unsubscribeInvalid}</Alert>}
        {isError && !unknownLink && (
          <>
            <Alert tone="error">{isNetworkError(error) ? NETWORK_ERROR_MESSAGE : NOT_STOPPED}</Alert>
            <Button onClick={() => void unsubscribe(token)} disabled={isLoading}>
              Try again
            </Button>
          </>
        )}
      </Prose>
    </Page>
  );
}
