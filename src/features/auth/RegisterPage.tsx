import { Page } from '../../ui';

export function RegisterPage() {
  return (
    <Page>
      <h1>Register</h1>
    </Page>
  );
}
