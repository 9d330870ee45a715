import { Link, useParams } from 'react-router-dom';

import { paths } from '@/contract/paths';
import { errorDetail, isNetworkError, NETWORK_ERROR_MESSAGE } from '@/lib/api/errors';
import { useConfirmEmailMutation } from '@/lib/api/followApi';
import { useOnce } from '@/lib/useOnce';
import { Alert, LoadingText } from '@/ui';

import { AuthLayout, FormLinks } from './AuthLayout';

const NOT_CONFIRMED = 'The address could not be confirmed just now. Please open the link again.';

/** The link a new account's address is confirmed by: opening it confirms, signed in or not. */
export function ConfirmEmailPage() {
  const { uidb64 = '', token = '' } = useParams();
  const [confirm, { data, error, isError }] = useConfirmEmailMutation();
  useOnce(() => void confirm({ uidb64, token }));

  return (
    <AuthLayout title="Confirm your email address">
      {!data && !isError && <LoadingText>Confirming...</LoadingText>}
      {data && <Alert tone="success">{data.detail}</Alert>}
      {isError && <Alert tone="error">{isNetworkError(error) ? NETWORK_ERROR_MESSAGE : (errorDetail(error) ?? NOT_CONFIRMED)}</Alert>}
      <FormLinks>
        <Link to={paths.profile}>Your profile</Link>
        <Link to={paths.home}>← Back to home</Link>
      </FormLinks>
    </AuthLayout>
  );
}
