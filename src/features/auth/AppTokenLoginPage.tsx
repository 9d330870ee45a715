import { Page } from '../../ui';

export function AppTokenLoginPage() {
  return (
    <Page>
      <h1>Signing you in</h1>
    </Page>
  );
}
