import { Link, useParams } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { errorDetail, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import { useConfirmFollowMutation } from '@/lib/api/followApi';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useOnce } from '@/lib/useOnce';
import { Alert, LoadingText, Page, Prose } from '@/ui';

const NOT_CONFIRMED = 'The address could not be confirmed just now. Please open the link again.';

/** The link of the double opt-in: opening it confirms that the address wants the emails. */
export function FollowConfirmPage() {
  useDocumentTitle('Follow');
  const { token = '' } = useParams();
  const [confirm, { data, error, isError }] = useConfirmFollowMutation();
  useOnce(() => void confirm({ token }));

  return (
    <Page>
      <Prose>
        <h1>Follow the research</h1>
        {!data && !isError && <LoadingText>Confirming...</LoadingText>}
        {data && (
          <>
            <Alert tone="success">{data.detail}</Alert>
            <p>
              Meanwhile: <Link to={paths.notes}>the notes</Link> and <Link to={paths.research}>the research</Link>.
            </p>
          </>
        )}
        {isError && (
          <>
            <Alert tone="error">{isNetworkError(error) ? NETWORK_ERROR_MESSAGE : (errorDetail(error) ?? NOT_CONFIRMED)}</Alert>
            <p>
              <Link to={paths.follow}>Ask for a new link</Link>
            </p>
          </>
        )}
      </Prose>
    </Page>
  );
}
