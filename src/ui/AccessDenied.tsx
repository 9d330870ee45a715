import { Alert } from './Alert';
import { Page } from './Page';

/** What a staff screen shows to a signed-in user who is not staff. */
export function AccessDenied({ message }: { message: string }) {
  return (
    <Page>
      <h1>Access Denied</h1>
      <Alert tone="error">{message}</Alert>
    </Page>
  );
}
