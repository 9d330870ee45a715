import { Page } from '../../ui';

export function LoginPage() {
  return (
    <Page>
      <h1>Sign in</h1>
    </Page>
  );
}
