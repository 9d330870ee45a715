import { Page } from '../../ui';

export function LoginFailedPage() {
  return (
    <Page>
      <h1>Sign-in failed</h1>
    </Page>
  );
}
