import { Page } from '../../ui';

export function WelcomePage() {
  return (
    <Page>
      <h1>Welcome</h1>
    </Page>
  );
}
